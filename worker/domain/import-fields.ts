/**
 * Reading a herd file as farmers have it (docs/product.md §14): header names in Japanese, English or as the national
 * cattle-tracing (NLBC) download writes them, dates in every form Japanese spreadsheets use (和暦 and Excel serials
 * included), and the sexes as they are written. Pure functions, no I/O.
 */
import { isIsoDate } from './calendar';
import type { Gender } from './cattle-enums';
import { nfkc } from './input';

export const IMPORT_FIELDS = [
  'identificationNumber',
  'earTagNumber',
  'name',
  'birthday',
  'gender',
  'breed',
  'motherIdentificationNumber',
  'sireName',
  'arrivalDate',
  'parity',
  'weight',
  'growthStage',
  'barn',
  'pen',
  'notes',
  'lastCalvingDate',
  'lastServiceDate',
  'lastServiceSire',
  'pregnancy',
  'expectedCalvingDate',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Header names per field, compared after NFKC, without spaces and brackets' contents, lower-cased. */
const HEADER_ALIASES: Record<ImportField, string[]> = {
  identificationNumber: ['個体識別番号', '識別番号', '個体番号', 'identificationnumber', 'id', 'nlbc'],
  earTagNumber: ['耳標番号', '耳標', '耳標no', 'eartagnumber', 'eartag', 'tag'],
  name: ['名号', '名前', '牛名', '呼び名', 'name'],
  birthday: ['生年月日', '出生の年月日', '出生年月日', '誕生日', 'birthday', 'birthdate', 'dateofbirth'],
  gender: ['性別', '雌雄の別', '雌雄', 'gender', 'sex'],
  breed: ['品種', '種別', '牛の種別', 'breed'],
  motherIdentificationNumber: [
    '母牛の個体識別番号',
    '母牛個体識別番号',
    '母の個体識別番号',
    '母牛の識別番号',
    '母牛',
    'mother',
    'motheridentificationnumber',
    'motherid',
  ],
  sireName: ['父牛', '種雄牛', '父牛名', '種雄牛名', '父', 'sire', 'sirename', 'father'],
  arrivalDate: ['導入日', '導入年月日', '転入日', '搬入日', 'arrival', 'arrivaldate'],
  parity: ['産次', '産歴', '分娩回数', 'parity'],
  weight: ['体重', '体重(kg)', 'weight', 'weightkg'],
  growthStage: ['成長段階', 'ステージ', 'growthstage', 'stage'],
  barn: ['牛舎', '飼養場所', 'barn'],
  // The pen the animal is in (§26), by its name: a pen the farm does not have yet is made by the import.
  pen: ['牛房', 'ペン', '牛房名', '牛房番号', 'ペン番号', 'pen', 'penname'],
  notes: ['メモ', '備考', 'notes', 'memo', 'note'],
  // The breeding history (§20). 父牛/種雄牛 above stays the bloodline's sire; the service's sire is its own column.
  lastCalvingDate: [
    '最終分娩日',
    '分娩日',
    '前回分娩日',
    '最終分娩年月日',
    'lastcalvingdate',
    'lastcalving',
    'calvingdate',
  ],
  lastServiceDate: [
    '最終授精日',
    '授精日',
    '種付日',
    '種付け日',
    '最終種付日',
    '交配日',
    '最終交配日',
    'lastservicedate',
    'lastinseminationdate',
    'servicedate',
    'inseminationdate',
  ],
  lastServiceSire: [
    '授精種雄牛',
    '交配種雄牛',
    '種付種雄牛',
    '授精種雄牛名',
    '交配種雄牛名',
    'servicesire',
    'lastservicesire',
  ],
  pregnancy: ['妊娠', '妊否', '妊娠鑑定', '妊娠鑑定結果', '妊娠の有無', 'pregnancy', 'pregnant'],
  expectedCalvingDate: ['分娩予定日', '分娩予定', '分娩予定年月日', 'expectedcalvingdate', 'duedate', 'calvingdue'],
};

const headerKey = (header: string) =>
  nfkc(header)
    .replace(/^\uFEFF/, '')
    .replace(/[(（][^)）]*[)）]/g, '')
    .replace(/[\s・_-]/g, '')
    .toLowerCase();

const ALIAS_TO_FIELD = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => HEADER_ALIASES[field].map((alias) => [headerKey(alias), field] as const)),
);

/** The field a header names, or null for a column that is ignored. */
export function fieldOfHeader(header: string): ImportField | null {
  return ALIAS_TO_FIELD.get(headerKey(header)) ?? null;
}

/** Each header with its field; a field named twice is taken from its first column only. */
export function mapHeaders(headers: readonly string[]): { header: string; field: ImportField | null }[] {
  const seen = new Set<ImportField>();
  return headers.map((header) => {
    const field = fieldOfHeader(header);
    if (!field || seen.has(field)) return { header, field: null };
    seen.add(field);
    return { header, field };
  });
}

// ── Dates ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** Japanese eras: their first year (元年) in the Gregorian calendar. */
const ERAS: Record<string, number> = {
  令和: 2019,
  R: 2019,
  平成: 1989,
  H: 1989,
  昭和: 1926,
  S: 1926,
  大正: 1912,
  T: 1912,
  明治: 1868,
  M: 1868,
};
const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** Excel's day 0 is 1899-12-30 (its 1900 leap-year bug included); serials 10000–99999 cover 1927–2173. */
function fromExcelSerial(serial: number): string {
  return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A date as written in a spreadsheet: `2024-04-15`, `2024/4/15`, `2024.04.15`, `2024年4月15日`, an Excel serial
 * (`45397`), or 和暦 (`R6.4.15`, `令和6年4月15日`, `令和元年5月1日`, `H31.4.30`). Null when it is not a real date.
 */
export function parseImportDate(value: string): string | null {
  const text = nfkc(value).trim().replace(/\s+/g, '');
  if (!text) return null;
  let date: string | null = null;
  const western = text.match(/^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/);
  const era = text.match(/^(令和|平成|昭和|大正|明治|[RHSTM])\.?(元|\d{1,2})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/i);
  if (western) date = ymd(Number(western[1]), Number(western[2]), Number(western[3]));
  else if (era) {
    const start = ERAS[era[1].toUpperCase()] ?? ERAS[era[1]];
    const year = era[2] === '元' ? 1 : Number(era[2]);
    date = ymd(start + year - 1, Number(era[3]), Number(era[4]));
  } else if (/^\d{5}(\.0+)?$/.test(text)) date = fromExcelSerial(Number.parseInt(text, 10));
  return date && isIsoDate(date) ? date : null;
}

// ── Sexes ─────────────────────────────────────────────────────────────────────────────────────────────────────────

const GENDER_WORDS: Record<string, Gender> = {
  雌: '雌',
  メス: '雌',
  めす: '雌',
  '♀': '雌',
  f: '雌',
  female: '雌',
  cow: '雌',
  heifer: '雌',
  雄: '雄',
  オス: '雄',
  おす: '雄',
  '♂': '雄',
  m: '雄',
  male: '雄',
  bull: '雄',
  去勢: '去勢',
  去勢雄: '去勢',
  去勢オス: '去勢',
  steer: '去勢',
};

/** The sex as the register stores it (雄・去勢・雌), from how it is written; null when unknown. */
export function parseGender(value: string): Gender | null {
  return GENDER_WORDS[nfkc(value).trim().toLowerCase()] ?? null;
}

// ── Pregnancy ─────────────────────────────────────────────────────────────────────────────────────────────────────

export type PregnancyResult = 'PREGNANT' | 'OPEN';

const PREGNANT_WORDS = new Set(['妊娠', '受胎', '+', '○', '◯', '〇', '妊娠あり', 'あり', '有', 'pregnant', 'yes', 'p']);
const OPEN_WORDS = new Set(['空胎', '不受胎', '×', '✕', 'x', '不妊', 'なし', '無', 'open', 'no']);
/** Any dash a spreadsheet holds for "no": hyphen, long-vowel mark, minus, en and em dashes (after NFKC). */
const DASH = /^[-‐‑‒–—―−ー]$/;

/**
 * A pregnancy check's result as a farm's sheet writes it (§20): 妊娠・受胎・+・○ are pregnant; 空胎・不受胎・× and
 * any dash are open. Null for anything else.
 */
export function parsePregnancy(value: string): PregnancyResult | null {
  const word = nfkc(value).trim().toLowerCase();
  if (PREGNANT_WORDS.has(word)) return 'PREGNANT';
  if (OPEN_WORDS.has(word) || DASH.test(word)) return 'OPEN';
  return null;
}
