/** An animal as the event pages name it: `#ear-tag name`, or the "unnamed" text when it has no name. */
export const animalLabel = (a: { name: string | null; earTagNumber: string | null }, unnamed: string) =>
  [a.earTagNumber != null ? `#${a.earTagNumber}` : null, a.name ?? unnamed].filter(Boolean).join(' ');
