/** A plain decimal number, with or without thousands separators: 624800, 624,800, 450.5, -3. */
const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;

/**
 * A number typed into a form (docs/product.md §18). Full-width digits, '．', '，' and '－' become ASCII (NFKC), the
 * spaces around are dropped and thousands separators are allowed: '624,800' and '６２４，８００' are 624800.
 * Empty is null (not given). Anything else is NaN, so the API's own rule rejects it with its own message.
 */
export function parseNumberInput(text: FormDataEntryValue | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  if (typeof text === 'number') return text;
  if (typeof text !== 'string') return Number.NaN;
  const value = text
    .normalize('NFKC')
    .replace(/\u2212/g, '-')
    .trim();
  if (value === '') return null;
  return NUMBER.test(value) ? Number(value.replaceAll(',', '')) : Number.NaN;
}
