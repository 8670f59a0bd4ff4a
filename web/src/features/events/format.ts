/** An animal as the event pages name it: `#ear-tag name`, or the "unnamed" text when it has no name. */
export const animalLabel = (a: { name: string | null; earTagNumber: string | null }, unnamed: string) =>
  [a.earTagNumber != null ? `#${a.earTagNumber}` : null, a.name ?? unnamed].filter(Boolean).join(' ');

/** Breeds offered as suggestions for a sire or an embryo (any other may be typed). */
export const BREED_SUGGESTIONS = [
  '黒毛和種',
  '褐毛和種',
  '日本短角種',
  '無角和種',
  'ホルスタイン',
  'ジャージー',
  '交雑種',
] as const;
