/**
 * What a herd file would do to the farm (docs/product.md §14), decided without I/O: each row checked by the same
 * rules as the registration form, matched to the farm's animals by 個体識別番号 (create, update, unchanged), mothers
 * checked wherever they are, and the report the farmer sees. imports.service.ts loads the farm and writes the plan.
 */
import { z } from 'zod';
import {
  birthdaySchema,
  earTagNumberSchema,
  genderSchema,
  identificationNumberSchema,
  nameSchema,
  weightSchema,
} from '../cattle/cattle.schemas';
import type { RegisterCattleInput } from '../cattle/cattle.statements';
import { calendarMonths } from '../domain/ages';
import { registeredParity as registeredParityOf } from '../domain/breeding-parity';
import { type IsoDate, isIsoDate } from '../domain/calendar';
import { type Gender, GROWTH_STAGE_LABELS, GROWTH_STAGES, type GrowthStage } from '../domain/cattle-enums';
import { firstImpossibleEvent } from '../domain/event-validity';
import { parseIdentificationNumber } from '../domain/identification';
import { type ImportField, mapHeaders, parseGender, parseImportDate, parsePregnancy } from '../domain/import-fields';
import { nfkc, numberFromText } from '../domain/input';
import type { NewEvent } from '../events/events.statements';
import { createPenSchema } from '../pens/pens.schemas';
import {
  type BreedingHistory,
  birthsOnRecord,
  HISTORY_FIELDS,
  historyEvents,
  historyProblems,
  historyWarnings,
  missingEvents,
  type RecordedEvent,
} from './breeding-history';

const MAX_IMPORT_ROWS = 5000;
/** A cow this old whose calvings a file does not give is taken as 経産牛. */
const ADULT_COW_MONTHS = 26;

export interface ImportRecord {
  /** The file's line (the header is line 1). */
  line: number;
  cells: string[];
}

/** An animal already on the farm, as far as an import compares it. */
export interface ExistingAnimal {
  identificationNumber: string;
  gender: string | null;
  earTagNumber: string | null;
  name: string | null;
  birthday: string | null;
  breed: string | null;
  weight: number | null;
  growthStage: string | null;
  barn: string | null;
  notes: string | null;
  /** The name of the pen it is in (§26), null when none. */
  penName: string | null;
  /** A dead or shipped animal is in no pen (§26). */
  status: string;
  /** Null when unknown (§5). */
  initialParity: number | null;
  motherIdentificationNumber: string | null;
  sireName: string | null;
  arrivalDates: string[];
  /** Its breeding events, deaths and shipments, when the file has breeding-history columns (§20). */
  events: RecordedEvent[];
}

type ImportAction = 'create' | 'update' | 'unchanged' | 'error';
interface RowError {
  field: string;
  message: string;
  /** The cell as the file has it ('' when the column is missing or blank). */
  value: string;
}
/** What a row's cells were read as (dates `YYYY-MM-DD`); a cell that could not be read is absent. */
type RowValues = Partial<{
  earTagNumber: string;
  name: string;
  birthday: string;
  gender: Gender;
  breed: string;
  motherIdentificationNumber: string;
  sireName: string;
  arrivalDate: string;
  parity: number;
  weight: number;
  growthStage: GrowthStage;
  barn: string;
  pen: string;
  notes: string;
}> &
  BreedingHistory;
interface ImportRowReport {
  line: number;
  action: ImportAction;
  identificationNumber: string | null;
  values: RowValues;
  errors: RowError[];
  warnings: string[];
}

/** The fields an import changes on an animal already on the farm; absent ones stay as they are. */
interface HerdUpdate {
  identificationNumber: string;
  earTagNumber?: string;
  name?: string;
  birthday?: string;
  gender?: Gender;
  breed?: string;
  weight?: number;
  growthStage?: GrowthStage;
  barn?: string;
  notes?: string;
  parity?: number;
  motherIdentificationNumber?: string;
  sireName?: string;
}

export interface ImportPlan {
  columns: { header: string; field: ImportField | null }[];
  summary: { rows: number; create: number; update: number; unchanged: number; errors: number };
  rows: ImportRowReport[];
  creates: RegisterCattleInput[];
  updates: HerdUpdate[];
  arrivals: { identificationNumber: string; date: IsoDate }[];
  /** Each animal's breeding history as events, written after the animals (the ones on record are left out then). */
  histories: { identificationNumber: string; events: NewEvent[] }[];
  /** The pens the file names that the farm does not have (§26), in the order the file first names them. */
  newPens: string[];
  /** The animals each pen receives (new animals, and those on the farm whose pen changes), by the pen's name. */
  pens: { name: string; identificationNumbers: string[] }[];
}

/** A problem with the whole file: no row is read. */
export class ImportFileError extends Error {}

const text = (max: number, message: string) => z.string().max(max, message);
const BREED = text(50, '品種は50文字以下で入力してください');
const SIRE = text(50, '父牛の名前は50文字以下で入力してください');
const BARN = text(50, '牛舎は50文字以下で入力してください');
const NOTES = text(1000, '備考は1000文字以下で入力してください');
const SERVICE_SIRE = text(100, '授精種雄牛は100文字以下で入力してください');
const PARITY = z
  .number({ error: '産次は0以上の整数である必要があります' })
  .int('産次は0以上の整数である必要があります')
  .min(0, '産次は0以上の整数である必要があります')
  .max(20, '産次は20以下で入力してください');

const STAGE_BY_WORD = new Map<string, GrowthStage>(
  GROWTH_STAGES.flatMap((stage) => [
    [stage.toLowerCase(), stage],
    [GROWTH_STAGE_LABELS[stage].ja, stage],
    [GROWTH_STAGE_LABELS[stage].en.toLowerCase(), stage],
  ]),
);

/** The stage a file does not give: from sex, age and calvings, as a farmer would set it. */
export function guessGrowthStage(
  gender: Gender,
  birthday: string | null,
  parity: number | undefined,
  today: IsoDate,
): GrowthStage {
  const months = birthday ? calendarMonths(birthday, today) : null;
  if (gender === '雌') {
    if (parity !== undefined && parity >= 2) return 'MULTI_PAROUS';
    if (parity === 1) return 'FIRST_CALVED';
    // No calvings given (the national register has none): a cow past 26 months on the farm has calved.
    if (parity === undefined && months !== null && months >= ADULT_COW_MONTHS) return 'MULTI_PAROUS';
  }
  if (months !== null && months < 6) return 'CALF';
  if (gender !== '雌' && months !== null && months >= 10) return 'FATTENING';
  return 'GROWING';
}

interface ParsedRow {
  line: number;
  id: string | null;
  values: RowValues;
  /** The cell of each field, as the file has it. */
  raw: (field: string) => string;
  errors: RowError[];
  warnings: string[];
}

/** A row's error on a field, with the cell the farmer wrote there. */
const rowError = (row: Pick<ParsedRow, 'line' | 'raw'>, field: string, message: string): RowError => ({
  field,
  message: `${row.line}行目: ${message}`,
  value: row.raw(field),
});

/** Reads one row's cells with the registration rules; each problem is named by its line and field. */
function parseRow(record: ImportRecord, fields: (ImportField | null)[], today: IsoDate): ParsedRow {
  const raw = (field: string) => {
    const index = fields.indexOf(field as ImportField);
    return index < 0 ? '' : (record.cells[index] ?? '').trim();
  };
  const row: ParsedRow = { line: record.line, id: null, values: {}, raw, errors: [], warnings: [] };
  const fail = (field: string, message: string) => row.errors.push(rowError(row, field, message));
  const check = <T>(field: string, schema: z.ZodType<T>, value: unknown): T | undefined => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    fail(field, parsed.error.issues[0].message);
    return undefined;
  };
  const cell = (field: ImportField) => raw(field);
  const date = (field: ImportField, label: string) => {
    const raw = cell(field);
    if (!raw) return undefined;
    const iso = parseImportDate(raw);
    if (!iso || !isIsoDate(iso)) {
      fail(field, `${label}を日付として読めません（例: 2024/4/15、R6.4.15）`);
      return undefined;
    }
    return iso;
  };

  const rawId = cell('identificationNumber');
  if (!rawId) fail('identificationNumber', '個体識別番号がありません');
  else row.id = check('identificationNumber', identificationNumberSchema, rawId) ?? null;
  const v = row.values;
  if (cell('earTagNumber')) v.earTagNumber = check('earTagNumber', earTagNumberSchema, cell('earTagNumber'));
  if (cell('name')) v.name = check('name', nameSchema, cell('name'));
  const birthday = date('birthday', '生年月日');
  if (birthday) v.birthday = check('birthday', birthdaySchema, birthday);
  if (cell('gender')) {
    const gender = parseGender(cell('gender'));
    if (gender) v.gender = gender;
    else check('gender', genderSchema, cell('gender'));
  }
  if (cell('breed')) v.breed = check('breed', BREED, nfkc(cell('breed')));
  if (cell('motherIdentificationNumber')) {
    const motherId = parseIdentificationNumber(cell('motherIdentificationNumber'));
    if (motherId) v.motherIdentificationNumber = motherId;
    else fail('motherIdentificationNumber', '母牛の個体識別番号は10桁の数字で入力してください');
  }
  if (cell('sireName')) v.sireName = check('sireName', SIRE, nfkc(cell('sireName')));
  const arrival = date('arrivalDate', '導入日');
  if (arrival) {
    if (arrival > today) fail('arrivalDate', '導入日に未来の日付は指定できません');
    else if (v.birthday && arrival < v.birthday) fail('arrivalDate', '導入日は生年月日以降の日付を指定してください');
    else v.arrivalDate = arrival;
  }
  if (cell('parity')) v.parity = check('parity', PARITY, numberFromText(cell('parity')));
  if (cell('weight')) v.weight = check('weight', weightSchema, cell('weight'));
  if (cell('growthStage')) {
    const stage = STAGE_BY_WORD.get(nfkc(cell('growthStage')).toLowerCase());
    if (stage) v.growthStage = stage;
    else fail('growthStage', '成長段階を読めません（例: 経産牛、育成期、CALF）');
  }
  if (cell('barn')) v.barn = check('barn', BARN, nfkc(cell('barn')));
  // A pen's name as POST /pens takes it (§26): NFKC, trimmed, 1–30 characters.
  if (cell('pen')) v.pen = check('pen', createPenSchema.shape.name, cell('pen'));
  if (cell('notes')) v.notes = check('notes', NOTES, cell('notes'));
  v.lastCalvingDate = date('lastCalvingDate', '最終分娩日');
  v.lastServiceDate = date('lastServiceDate', '最終授精日');
  if (cell('lastServiceSire'))
    v.lastServiceSire = check('lastServiceSire', SERVICE_SIRE, nfkc(cell('lastServiceSire')));
  if (cell('pregnancy')) {
    const result = parsePregnancy(cell('pregnancy'));
    if (result) v.pregnancy = result;
    else fail('pregnancy', '妊娠は「妊娠」か「空胎」で入力してください（○・×、+・- も読めます）');
  }
  v.expectedCalvingDate = date('expectedCalvingDate', '分娩予定日');
  for (const key of Object.keys(v) as (keyof RowValues)[]) if (v[key] === undefined) delete v[key];
  return row;
}

/** The row's history columns, or null when it has none. */
function historyOf(v: RowValues): BreedingHistory | null {
  const history: BreedingHistory = {};
  for (const field of HISTORY_FIELDS) if (v[field] !== undefined) Object.assign(history, { [field]: v[field] });
  return Object.keys(history).length ? history : null;
}

const HISTORY_COLUMN_OF: Record<string, (typeof HISTORY_FIELDS)[number]> = {
  CALVING: 'lastCalvingDate',
  INSEMINATION: 'lastServiceDate',
  PREGNANCY_CHECK: 'pregnancy',
  EXPECTED_CALVING: 'expectedCalvingDate',
};

/**
 * The history's events the animal does not have yet, or its problems on their columns: the rules of §20 and, for
 * an animal on record, those of §6 against its events (none after its death or shipment).
 */
function plannedHistory(row: ParsedRow, current: ExistingAnimal | undefined, today: IsoDate) {
  const history = historyOf(row.values);
  if (!history) return { events: [], missing: [] };
  const v = row.values;
  const animal = {
    gender: v.gender ?? current?.gender,
    birthday: v.birthday ?? current?.birthday,
    parity: v.parity,
  };
  for (const problem of historyProblems(history, animal, today)) {
    row.errors.push(rowError(row, problem.field, problem.message));
  }
  row.warnings.push(...historyWarnings(history));
  const events = historyEvents(history, today);
  const recorded = current?.events ?? [];
  const missing = missingEvents(events, recorded);
  const impossible = row.errors.length
    ? null
    : firstImpossibleEvent({ gender: animal.gender ?? null, birthday: animal.birthday ?? null }, recorded, missing);
  if (impossible) {
    const field = HISTORY_COLUMN_OF[missing[impossible.index].eventType];
    row.errors.push(rowError(row, field, impossible.reason.message));
  }
  return { events, missing };
}

/**
 * 産次 counts the last calving (§20, §5): the parity registered is 産次 less the births the animal will have on record
 * — the file's calving, and those already recorded for an animal on the farm — so that her parity equals 産次 (a new
 * animal with a 最終分娩日: 産次 − 1; one without: 産次).
 */
const registeredParity = (v: RowValues, recorded: readonly RecordedEvent[], planned: readonly NewEvent[]) =>
  v.parity !== undefined ? Math.max(v.parity - birthsOnRecord([...recorded, ...planned]), 0) : undefined;

/**
 * A new animal's registered parity (§5): from 産次 when given; unknown (null) when the file gives a 最終分娩日 without
 * 産次, or she is registered as a cow that has calved; 0 for a heifer, a calf, a bull or a steer.
 */
const newAnimalParity = (v: RowValues, stage: GrowthStage, planned: readonly NewEvent[]) => {
  const given = registeredParity(v, [], planned);
  if (given === undefined && v.lastCalvingDate !== undefined) return null;
  return registeredParityOf(given, stage);
};

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** The 個体識別番号 of a file's rows that have one (to read those animals' events before planning). */
export function fileIdentificationNumbers(records: readonly ImportRecord[]): string[] {
  const [header, ...body] = records;
  if (!header) return [];
  const index = mapHeaders(header.cells).findIndex((c) => c.field === 'identificationNumber');
  if (index < 0) return [];
  return body.map((r) => parseIdentificationNumber(r.cells[index] ?? '')).filter((id): id is string => !!id);
}

/** Whether the header names any breeding-history column (§20). */
const hasHistoryColumns = (records: readonly ImportRecord[]) =>
  !!records[0] &&
  mapHeaders(records[0].cells).some((c) => (HISTORY_FIELDS as readonly (string | null)[]).includes(c.field));

/** Whether the file needs the events of its animals on record: a history column, or 産次 (counted with them, §5). */
export const needsEventsOnRecord = (records: readonly ImportRecord[]) =>
  hasHistoryColumns(records) || (!!records[0] && mapHeaders(records[0].cells).some((c) => c.field === 'parity'));

/** The errors of a row that depend on the rest of the file or the farm: its mother, its sex, its history. */
function checkRow(
  row: ParsedRow,
  current: ExistingAnimal | undefined,
  genderInFile: ReadonlyMap<string, Gender | undefined>,
  existing: ReadonlyMap<string, ExistingAnimal>,
  today: IsoDate,
) {
  const mother = row.values.motherIdentificationNumber;
  if (mother && row.id) {
    const motherGender = genderInFile.has(mother) ? genderInFile.get(mother) : existing.get(mother)?.gender;
    if (mother === row.id) {
      row.errors.push(rowError(row, 'motherIdentificationNumber', '母牛の個体識別番号が自分の番号です'));
    } else if (motherGender === '雄' || motherGender === '去勢') {
      row.errors.push(rowError(row, 'motherIdentificationNumber', '母牛の個体識別番号が雄・去勢の牛を指しています'));
    } else if (!genderInFile.has(mother) && !existing.has(mother)) {
      row.warnings.push(`母牛（${mother}）は牧場にもファイルにもいません。番号だけを記録します`);
    }
  }
  if (!current && !row.values.gender && row.id) {
    row.errors.push(rowError(row, 'gender', '性別は雄・去勢・雌のいずれかを選択してください'));
  }
  return plannedHistory(row, current, today);
}

/** A dead or shipped animal leaves its pen (§26): an import puts it in none. */
const outOfHerd = (status: string) => status === 'DEAD' || status === 'SHIPPED';

/**
 * The pens a file puts its animals in (§26), by name as stored (NFKC): each pen's animals, and the pens the farm
 * does not have yet — the first row that names one says it will be made.
 */
class PenPlan {
  readonly byName = new Map<string, string[]>();
  readonly newPens: string[] = [];
  constructor(private readonly farmPens: ReadonlySet<string>) {}

  put(row: ParsedRow, name: string, identificationNumber: string) {
    if (!this.farmPens.has(name) && !this.newPens.includes(name)) {
      this.newPens.push(name);
      row.warnings.push(`新しい牛房「${name}」を作ります`);
    }
    this.byName.set(name, [...(this.byName.get(name) ?? []), identificationNumber]);
  }

  get pens() {
    return [...this.byName].map(([name, identificationNumbers]) => ({ name, identificationNumbers }));
  }
}

/**
 * The plan and report of a file's records (the first is the header). `farmPens`: the names of the farm's pens (§26).
 */
export function planImport(
  records: readonly ImportRecord[],
  existing: ReadonlyMap<string, ExistingAnimal>,
  today: IsoDate,
  trashed: ReadonlySet<string> = new Set(),
  farmPens: ReadonlySet<string> = new Set(),
): ImportPlan {
  const [header, ...body] = records;
  if (!header) throw new ImportFileError('ファイルが空です');
  const columns = mapHeaders(header.cells);
  const fields = columns.map((c) => c.field);
  if (!fields.includes('identificationNumber')) {
    throw new ImportFileError('1行目: 個体識別番号の列が見つかりません（見出し行に「個体識別番号」が必要です）');
  }
  const dataRows = body.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (dataRows.length > MAX_IMPORT_ROWS) {
    throw new ImportFileError(`行数が多すぎます（${MAX_IMPORT_ROWS.toLocaleString('en-US')}行まで）`);
  }
  const parsed = dataRows.map((r) => parseRow(r, fields, today));

  // The same number twice in one file: the later rows are errors.
  const firstLine = new Map<string, number>();
  for (const row of parsed) {
    if (!row.id) continue;
    const first = firstLine.get(row.id);
    if (first === undefined) firstLine.set(row.id, row.line);
    else row.errors.push(rowError(row, 'identificationNumber', `個体識別番号が${first}行目と重複しています`));
  }
  // §23: a number held by an animal in the trash stays taken until it is restored or purged.
  for (const row of parsed) {
    if (row.id && trashed.has(row.id)) {
      row.errors.push(rowError(row, 'identificationNumber', 'この個体識別番号の牛はゴミ箱にあります（復元できます）'));
    }
  }
  const genderInFile = new Map(parsed.filter((r) => r.id).map((r) => [r.id as string, r.values.gender]));
  const histories = parsed.map((row) =>
    checkRow(row, row.id ? existing.get(row.id) : undefined, genderInFile, existing, today),
  );
  // A mother whose own row is in error is not written when the error rows are left out (skipInvalid).
  const inError = new Set(parsed.filter((r) => r.errors.length && r.id && !existing.has(r.id)).map((r) => r.id));

  const plan: ImportPlan = {
    columns,
    summary: { rows: parsed.length, create: 0, update: 0, unchanged: 0, errors: 0 },
    rows: [],
    creates: [],
    updates: [],
    arrivals: [],
    histories: [],
    newPens: [],
    pens: [],
  };
  const pens = new PenPlan(farmPens);
  parsed.forEach((row, index) => {
    const v = row.values;
    const current = row.id ? existing.get(row.id) : undefined;
    const mother = v.motherIdentificationNumber;
    const history = histories[index];
    if (mother && inError.has(mother) && !row.errors.length) {
      row.warnings.push(
        `母牛（${mother}）の行にエラーがあります。その行を除いて取り込むと、母牛は番号だけを記録します`,
      );
    }
    let action: ImportAction;
    if (row.errors.length || !row.id) action = 'error';
    else if (!current) {
      action = 'create';
      const gender = v.gender as Gender;
      const stage = v.growthStage ?? guessGrowthStage(gender, v.birthday ?? null, v.parity, today);
      // Said only where it is a guess about calvings the file does not give.
      if (!v.growthStage && v.parity === undefined && stage === 'MULTI_PAROUS') {
        row.warnings.push('産次の列がないため、成長段階を「経産牛」として登録します');
      }
      plan.creates.push({
        identificationNumber: row.id,
        earTagNumber: v.earTagNumber,
        name: v.name ?? null,
        gender,
        growthStage: stage,
        birthday: v.birthday ?? null,
        weight: v.weight ?? null,
        breed: v.breed ?? null,
        barn: v.barn ?? null,
        notes: v.notes ?? null,
        status: 'HEALTHY',
        breeding: { parity: newAnimalParity(v, stage, history.events), breedingMemo: null },
        bloodline: v.sireName ? { fatherCattleName: v.sireName } : undefined,
        motherInfo: mother ? { motherIdentificationNumber: mother } : undefined,
      });
      if (v.arrivalDate) plan.arrivals.push({ identificationNumber: row.id, date: v.arrivalDate });
      if (history.events.length) plan.histories.push({ identificationNumber: row.id, events: history.events });
      if (v.pen) pens.put(row, v.pen, row.id);
    } else {
      const update: HerdUpdate = { identificationNumber: row.id };
      const changed = (key: keyof HerdUpdate, now: unknown, before: unknown) => {
        if (now !== undefined && !same(now, before)) (update as unknown as Record<string, unknown>)[key] = now;
      };
      changed('earTagNumber', v.earTagNumber, current.earTagNumber);
      changed('name', v.name, current.name);
      changed('birthday', v.birthday, current.birthday);
      changed('gender', v.gender, current.gender);
      changed('breed', v.breed, current.breed);
      changed('weight', v.weight, current.weight);
      changed('growthStage', v.growthStage, current.growthStage);
      changed('barn', v.barn, current.barn);
      changed('notes', v.notes, current.notes);
      changed('parity', registeredParity(v, current.events, history.missing), current.initialParity);
      changed('motherIdentificationNumber', mother, current.motherIdentificationNumber);
      changed('sireName', v.sireName, current.sireName);
      const newArrival = v.arrivalDate && !current.arrivalDates.includes(v.arrivalDate) ? v.arrivalDate : null;
      if (newArrival) plan.arrivals.push({ identificationNumber: row.id, date: newArrival });
      // Only the events the animal does not have are new; they are read again when written.
      if (history.missing.length) plan.histories.push({ identificationNumber: row.id, events: history.events });
      const hasChange = Object.keys(update).length > 1;
      if (hasChange) plan.updates.push(update);
      const newPen = v.pen !== undefined && !same(v.pen, current.penName) ? v.pen : null;
      if (newPen && outOfHerd(current.status)) row.warnings.push('死亡・出荷済みの牛は牛房に入れません');
      else if (newPen) pens.put(row, newPen, row.id);
      const moved = !!newPen && !outOfHerd(current.status);
      action = hasChange || moved || newArrival || history.missing.length ? 'update' : 'unchanged';
    }
    plan.summary[action === 'error' ? 'errors' : action] += 1;
    plan.rows.push({
      line: row.line,
      action,
      identificationNumber: row.id,
      values: v,
      errors: row.errors,
      warnings: row.warnings,
    });
  });
  return { ...plan, newPens: pens.newPens, pens: pens.pens };
}
