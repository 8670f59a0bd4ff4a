/**
 * Filings with the national cattle register (NLBC, 牛トレーサビリティ法; docs/product.md §21), derived from the farm's own
 * events: what each event obliges the farm to file, by when, with which fields, and which are still missing. Pure: the
 * service reads the facts and keeps the filed marks.
 */
import { addDays, formatDateJa, type IsoDate, jstDate } from './calendar';

export const FILING_KINDS = ['BIRTH', 'MOVE_IN', 'MOVE_OUT', 'DEATH'] as const;
export type FilingKind = (typeof FILING_KINDS)[number];

export const FILING_LABELS: Record<FilingKind, { ja: string; en: string }> = {
  BIRTH: { ja: '出生', en: 'Birth' },
  MOVE_IN: { ja: '転入', en: 'Move in' },
  MOVE_OUT: { ja: '転出', en: 'Move out' },
  DEATH: { ja: '死亡', en: 'Death' },
};

/** The law says "without delay"; the product reminds after 7 days. */
export const FILING_DUE_DAYS = 7;

/** What the NLBC form asks for each kind, in the form's (and the CSV's) order. */
export const FILING_FIELDS = {
  BIRTH: ['farmerCode', 'identificationNumber', 'birthday', 'gender', 'breed', 'motherIdentificationNumber'],
  MOVE_IN: ['farmerCode', 'identificationNumber', 'date', 'counterpartyCode', 'counterpartyName'],
  MOVE_OUT: ['farmerCode', 'identificationNumber', 'date', 'counterpartyCode', 'counterpartyName'],
  DEATH: ['farmerCode', 'identificationNumber', 'date', 'disposalCode'],
} as const satisfies Record<FilingKind, readonly string[]>;

export type FilingField = (typeof FILING_FIELDS)[FilingKind][number];

/** The CSV's and the worksheet's Japanese headers. */
export const FILING_FIELD_LABELS: Record<FilingField, { ja: string; en: string }> = {
  farmerCode: { ja: '農家コード', en: 'Farmer code' },
  identificationNumber: { ja: '個体識別番号', en: 'ID number' },
  birthday: { ja: '生年月日', en: 'Birthday' },
  gender: { ja: '性別', en: 'Sex' },
  breed: { ja: '品種', en: 'Breed' },
  motherIdentificationNumber: { ja: '母牛の個体識別番号', en: "Dam's ID number" },
  date: { ja: '異動年月日', en: 'Date' },
  counterpartyCode: { ja: '相手先コード', en: 'Counterparty code' },
  counterpartyName: { ja: '相手先名', en: 'Counterparty' },
  disposalCode: { ja: '処理コード', en: 'Disposal code' },
};

/** Everything a filing's fields may be read from; absent or blank facts are missing. */
export type FilingFacts = Partial<Record<FilingField, string | number | null | undefined>>;

/** The due date of a filing: the event's JST date + 7 days. */
export const filingDueDate = (eventDatetime: string): IsoDate => addDays(jstDate(eventDatetime), FILING_DUE_DAYS);

const present = (value: unknown) => value !== null && value !== undefined && String(value).trim() !== '';

/** The kind's fields from the facts (as text, null when absent), and the names of those still empty. */
export function filingFields(kind: FilingKind, facts: FilingFacts) {
  const fields: Record<string, string | null> = {};
  const missing: FilingField[] = [];
  for (const name of FILING_FIELDS[kind]) {
    const value = facts[name];
    fields[name] = present(value) ? String(value).trim() : null;
    if (fields[name] === null) missing.push(name);
  }
  return { fields, missing };
}

/** The fields that are dates: shown in the CSV and on the worksheet as YYYY/MM/DD (§21, turn 4). */
const FILING_DATE_FIELDS: ReadonlySet<string> = new Set(['birthday', 'date']);

/** A field's value as the CSV and the worksheet show it: dates YYYY/MM/DD, the rest as stored, empty for none. */
export const filingCellText = (field: string, value: string | null | undefined): string =>
  value ? (FILING_DATE_FIELDS.has(field) ? formatDateJa(value) : value) : '';

/** A pending filing past its due date (the day after it, JST) is overdue. */
export const isFilingOverdue = (dueDate: IsoDate, today: IsoDate): boolean => today > dueDate;

/** The FILING_OVERDUE alert's title: '出生の届出が未了（期限 MM/DD）'. */
export const filingOverdueTitle = (kind: FilingKind, dueDate: IsoDate): string =>
  `${FILING_LABELS[kind].ja}の届出が未了（期限 ${formatDateJa(dueDate).slice(5)}）`;

/** The 409 of marking filed while fields are missing, naming them in the form's order: '…できません（農家コード・個体識別番号）' (§21, turn 4). */
export function missingFieldsMessage(missing: readonly (readonly string[])[]): string {
  const all = new Set(missing.flat());
  const order = Object.keys(FILING_FIELD_LABELS) as FilingField[];
  const labels = order.filter((f) => all.has(f)).map((f) => FILING_FIELD_LABELS[f].ja);
  return `未入力の項目がある届出は届出済みにできません（${labels.join('・')}）`;
}

/** The animal a filing is about, as the filings screen and worksheet name it. */
export interface FilingAnimal {
  earTagNumber: string | null;
  name: string | null;
  identificationNumber?: string | null;
  mother?: { earTagNumber: string | null; name: string | null } | null;
}

const filled = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * The animal by ear tag and name, never by an internal number (§21, turn 4): '0123 はな'; an unnamed calf
 * '0456 子牛（0123 はなの子）', before its tag '未登録 子牛（0123 はなの子）'. Without an ear tag, the 個体識別番号
 * stands in for it; with neither, '未登録'.
 */
export function filingAnimalLabel(a: FilingAnimal): string {
  const tag = filled(a.earTagNumber)
    ? a.earTagNumber
    : filled(a.identificationNumber)
      ? a.identificationNumber
      : '未登録';
  if (filled(a.name)) return `${tag} ${a.name}`;
  const dam = [a.mother?.earTagNumber, a.mother?.name].filter(filled).join(' ');
  return dam ? `${tag} 子牛（${dam}の子）` : tag;
}
