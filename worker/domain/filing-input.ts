/**
 * Request rules of the paperwork fields (docs/product.md §21), shared by the API validators and the web forms: the
 * farm's farmer code, the counterparty and disposal codes of ARRIVAL, SHIPMENT and DEATH, the inseminator's licence.
 */
import { z } from 'zod';
import { digitsOf, normalizedText } from './input';

const FARMER_CODE_MESSAGE = '農家コードは1〜10桁の数字で入力してください';
const COUNTERPARTY_CODE_MESSAGE = '相手先の農家コードは1〜10桁の数字で入力してください';
const COUNTERPARTY_NAME_MESSAGE = '相手先名は100文字以下で入力してください';
const DISPOSAL_CODE_MESSAGE = '処理コードは20文字以下で入力してください';
const DISPOSAL_NAME_MESSAGE = '処理先名は100文字以下で入力してください';
const LICENSE_MESSAGE = '免許番号は40文字以下で入力してください';

/** 1–10 digits, full-width digits and separators accepted (§18); the stored text keeps leading zeros. */
const codeDigits = (message: string) =>
  z
    .string({ error: message })
    .transform(digitsOf)
    .pipe(z.string().regex(/^\d{1,10}$/, message));

/** An optional code: empty is absent. */
const optionalCode = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), codeDigits(message).optional());

/** An optional name: NFKC, trimmed, empty is absent. */
const optionalName = (max: number, message: string) =>
  normalizedText({ error: message })
    .max(max, message)
    .transform((v) => (v === '' ? undefined : v))
    .optional();

/** The farm's farmer code; null or empty clears it. */
export const farmerCodeSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  codeDigits(FARMER_CODE_MESSAGE).nullable(),
);

/** The inseminator's licence number (免許番号): free text up to 40 characters; null or empty clears it. */
export const inseminatorLicenseSchema = normalizedText({ error: LICENSE_MESSAGE })
  .max(40, LICENSE_MESSAGE)
  .nullable()
  .transform((v) => (v ? v : null));

export const arrivalDetailsSchema = z.strictObject({
  fromFarmerCode: optionalCode(COUNTERPARTY_CODE_MESSAGE),
  fromName: optionalName(100, COUNTERPARTY_NAME_MESSAGE),
});

export const shipmentDetailsSchema = z.strictObject({
  toFarmerCode: optionalCode(COUNTERPARTY_CODE_MESSAGE),
  toName: optionalName(100, COUNTERPARTY_NAME_MESSAGE),
});

export const deathDetailsSchema = z.strictObject({
  disposalCode: optionalName(20, DISPOSAL_CODE_MESSAGE),
  disposalName: optionalName(100, DISPOSAL_NAME_MESSAGE),
});

/** A shipment record's counterparty (nullable like its other fields): empty is null. */
export const shipmentCounterpartyFields = {
  toFarmerCode: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    codeDigits(COUNTERPARTY_CODE_MESSAGE).nullish(),
  ),
  toName: normalizedText({ error: COUNTERPARTY_NAME_MESSAGE })
    .max(100, COUNTERPARTY_NAME_MESSAGE)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null))
    .optional(),
};
