import { GENDER_LABELS, GENDERS } from '@worker/domain/cattle-enums';

/** How the shipment screens write prices, months and animals. */

export const yen = (value: number | null | undefined, locale: string) =>
  value === null || value === undefined
    ? '—'
    : locale === 'en'
      ? `¥${value.toLocaleString('en-US')}`
      : `${value.toLocaleString('ja-JP')}円`;

/** 万円 with one decimal: how farmers talk about cattle prices. */
export const manYen = (value: number | null | undefined, locale: string) =>
  value === null || value === undefined
    ? '—'
    : locale === 'en'
      ? `¥${Math.round(value / 1000).toLocaleString('en-US')}k`
      : `${(value / 10_000).toFixed(1)}万円`;

/** An animal's sex in the screen's language, from GENDER_LABELS ('雌' is 'Cow/heifer' in English). */
export const genderLabel = (gender: string | null | undefined, locale: string) => {
  const known = GENDERS.find((g) => g === gender);
  return known ? GENDER_LABELS[known][locale === 'en' ? 'en' : 'ja'] : (gender ?? '');
};

export const monthLabel = (month: string, locale: string) => {
  const [y, m] = month.split('-');
  return locale === 'en' ? `${y}-${m}` : `${y}年${Number(m)}月`;
};

/** `#ear-tag name`; the 個体識別番号 when there is no ear tag. Both are strings shown as they are (leading zeros kept). */
export const animalLabel = (a: {
  cattleName?: string | null;
  name?: string | null;
  earTagNumber: string | null;
  identificationNumber?: string | null;
}) => {
  const name = a.cattleName ?? a.name ?? '';
  const tag = a.earTagNumber ? `#${a.earTagNumber}` : (a.identificationNumber ?? '');
  return [tag, name].filter(Boolean).join(' ');
};
