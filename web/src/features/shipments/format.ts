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

export const monthLabel = (month: string, locale: string) => {
  const [y, m] = month.split('-');
  return locale === 'en' ? `${y}-${m}` : `${y}年${Number(m)}月`;
};

export const animalLabel = (a: {
  cattleName?: string | null;
  name?: string | null;
  earTagNumber: number | null;
  identificationNumber?: number;
}) => {
  const name = a.cattleName ?? a.name ?? '';
  const tag = a.earTagNumber ? `#${a.earTagNumber}` : a.identificationNumber ? String(a.identificationNumber) : '';
  return [tag, name].filter(Boolean).join(' ');
};
