/**
 * A backup document checked row by row before a restore writes anything (docs/product.md §23, decision 050): each
 * table's rows have exactly its columns with values of their type, the values the API checks pass the API's own
 * schemas (an animal through POST /cattle's, an event through POST /events' with its details per type, a shipment,
 * a plan, a programme), JSON columns parse, ids and 個体識別番号 are not repeated, and every reference names a row of
 * the document. Every failure is an issue `{ field: 'events[12].event_type', message }` in the API's words.
 */
import { type Column, getTableColumns, type Table } from 'drizzle-orm';
import { createCattleSchema } from '../cattle/cattle.schemas';
import * as schema from '../db/schema';
import { ALERT_TYPES } from '../domain/alerts';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../domain/audit';
import { isIsoDate } from '../domain/calendar';
import { isEventType } from '../domain/event-types';
import { programmeSchema } from '../domain/programmes';
import { createEventSchema, EVENT_MESSAGES, toInstant } from '../events/events.schemas';
import type { FieldIssue } from '../lib/errors';
import { createPenSchema, PEN_MESSAGES } from '../pens/pens.schemas';
import { createPlanSchema, createShipmentSchema } from '../shipments/shipments.schemas';

type Row = Record<string, unknown>;

/** The document's keys, their tables, parents before children (the order a restore inserts them in). */
export const BACKUP_TABLES = [
  { key: 'pens', table: schema.pens },
  { key: 'cattle', table: schema.cattle },
  { key: 'bloodline', table: schema.bloodline },
  { key: 'motherInfo', table: schema.motherInfo },
  { key: 'breedingStatus', table: schema.breedingStatus },
  { key: 'breedingSummary', table: schema.breedingSummary },
  { key: 'statusHistory', table: schema.cattleStatusHistory },
  { key: 'events', table: schema.events },
  { key: 'shipments', table: schema.shipments },
  { key: 'plans', table: schema.shipmentPlans },
  { key: 'alerts', table: schema.alerts },
  { key: 'alertHistory', table: schema.alertHistory },
  { key: 'programmes', table: schema.programmes },
  { key: 'enrolments', table: schema.enrolments },
  { key: 'tasks', table: schema.tasks },
  { key: 'filings', table: schema.filings },
  { key: 'audit', table: schema.auditLog },
] as const;
export type BackupKey = (typeof BACKUP_TABLES)[number]['key'];

export const BACKUP_MESSAGES = {
  format: 'バックアップファイルの形式が正しくありません',
  unknownKey: 'バックアップに含まれない項目です',
  notList: '行の一覧である必要があります',
  notRow: '行はオブジェクトである必要があります',
  unknownColumn: 'この表にない列です',
  missingColumn: '列がありません',
  required: '値が必要です',
  text: '文字列である必要があります',
  integer: '整数である必要があります',
  number: '数値である必要があります',
  boolean: '0か1である必要があります',
  choice: '無効な値です',
  json: 'JSONとして読めません',
  date: '日付はYYYY-MM-DD形式の実在する日付である必要があります',
  datetime: '日時はISO形式の実在する日時である必要があります',
  duplicateId: 'IDが重複しています',
  duplicateRow: '同じ行が重複しています',
  duplicateIdentification: 'この個体識別番号は既に登録されています',
  missingRow: 'バックアップにない行を指しています',
  alertType: '無効なアラート種別です',
  tooMany: 'ほかにも誤りがあります',
  order: '項目の順序が正しくありません（バックアップの順に並べてください）',
} as const;

/** At most this many issues are answered (the first ones in document order). */
const MAX_ISSUES = 100;

/** The rules a stored row keeps although the API refuses them for a new one: they depend on today, and rows age. */
const AGEING_RULES = new Set<string>([
  EVENT_MESSAGES.eventDatetimeTooOld,
  EVENT_MESSAGES.eventDatetimeTooFar,
  '出荷予定月に過去の月は指定できません',
]);

class Issues {
  readonly list: FieldIssue[] = [];
  add(field: string, message: string) {
    if (this.list.length < MAX_ISSUES) this.list.push({ field, message });
    else if (this.list.length === MAX_ISSUES) this.list.push({ field, message: BACKUP_MESSAGES.tooMany });
  }
  /** The issues of a zod parse of `input`, each field named by its column (`eventType` → `event_type`). */
  zod(at: string, result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
    if (result.success || !result.error) return;
    for (const issue of result.error.issues) {
      if (AGEING_RULES.has(issue.message)) continue;
      const [head, ...rest] = issue.path.map(String);
      const column = head ? snake(head) : '';
      this.add([`${at}${column ? `.${column}` : ''}`, ...rest].join('.'), issue.message);
    }
  }
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const present = (v: unknown) => (v === null || v === undefined ? undefined : v);
/** A row's columns as the request's camelCase fields, a stored null as a field left out. */
const fieldsOf = (r: Row, columns: readonly string[]) =>
  Object.fromEntries(columns.map((c) => [c.replace(/_([a-z])/g, (_, l: string) => l.toUpperCase()), present(r[c])]));

type Kind = 'text' | 'integer' | 'number' | 'boolean' | 'json';
const kindOf = (column: Column): Kind =>
  column.columnType === 'SQLiteBoolean'
    ? 'boolean'
    : column.columnType === 'SQLiteTextJson'
      ? 'json'
      : column.columnType === 'SQLiteReal'
        ? 'number'
        : column.dataType === 'number'
          ? 'integer'
          : 'text';

/** Columns whose format the API's own schema checks (with its own words), not the column's name. */
const CHECKED_BY_API = new Set(['event_datetime', 'birthday', 'shipment_date', 'planned_shipment_month']);

/** A stored value's format by the column's name: dates, instants and months as the app writes them. */
function formatIssue(name: string, value: string): string | null {
  if (CHECKED_BY_API.has(name)) return null;
  if (/(_date|^birthday|_until)$/.test(name)) return isIsoDate(value) ? null : BACKUP_MESSAGES.date;
  if (/(_at|^at|_datetime)$/.test(name)) return toInstant(value) ? null : BACKUP_MESSAGES.datetime;
  return null;
}

/** One value against its column: type, null, the column's choices, the format its name says, JSON that parses. */
function checkValue(issues: Issues, at: string, column: Column, value: unknown) {
  const field = `${at}.${column.name}`;
  if (value === null) {
    if (column.notNull) issues.add(field, BACKUP_MESSAGES.required);
    return;
  }
  const kind = kindOf(column);
  const ok =
    kind === 'integer'
      ? Number.isSafeInteger(value)
      : kind === 'number'
        ? typeof value === 'number' && Number.isFinite(value)
        : kind === 'boolean'
          ? value === 0 || value === 1 || value === true || value === false
          : typeof value === 'string';
  if (!ok) {
    issues.add(field, BACKUP_MESSAGES[kind === 'json' ? 'text' : kind]);
    return;
  }
  if (typeof value !== 'string') return;
  const choices = (column as { enumValues?: readonly string[] }).enumValues;
  if (choices?.length && !choices.includes(value)) return issues.add(field, BACKUP_MESSAGES.choice);
  if (kind === 'json') {
    try {
      JSON.parse(value);
    } catch {
      issues.add(field, BACKUP_MESSAGES.json);
    }
    return;
  }
  const format = formatIssue(column.name, value);
  if (format) issues.add(field, format);
}

const parsed = (value: unknown): unknown => {
  if (typeof value !== 'string') return value ?? undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
};

/** The rules of the API for the rows it writes from a request, on the row mapped to the request's shape. */
const API_RULES: Partial<Record<BackupKey, (issues: Issues, at: string, row: Row) => void>> = {
  cattle: (issues, at, r) =>
    issues.zod(
      at,
      createCattleSchema
        .partial()
        .omit({ bloodline: true, motherInfo: true, breeding: true })
        .safeParse(
          fieldsOf(r, [
            'name',
            'identification_number',
            'ear_tag_number',
            'gender',
            'growth_stage',
            'birthday',
            'weight',
            'score',
            'breed',
            'status',
            'producer_name',
            'barn',
            'breeding_value',
            'notes',
          ]),
        ),
    ),
  pens: (issues, at, r) =>
    issues.zod(at, createPenSchema.safeParse({ ...fieldsOf(r, ['barn', 'capacity', 'sort_order']), name: r.name })),
  bloodline: (issues, at, r) =>
    issues.zod(
      at,
      createCattleSchema.shape.bloodline.safeParse(
        fieldsOf(r, [
          'father_cattle_name',
          'mother_father_cattle_name',
          'mother_grand_father_cattle_name',
          'mother_great_grand_father_cattle_name',
        ]),
      ),
    ),
  motherInfo: (issues, at, r) =>
    issues.zod(
      at,
      createCattleSchema.shape.motherInfo.safeParse(
        fieldsOf(r, ['mother_name', 'mother_identification_number', 'mother_score']),
      ),
    ),
  events: (issues, at, r) => {
    // The calves a calving registered carry their animal's id (checked as a reference); the rest is the request's.
    const details = parsed(r.details) as { calves?: unknown } | undefined;
    const calves = Array.isArray(details?.calves)
      ? details.calves.map((c) => {
          if (!c || typeof c !== 'object') return c;
          const { cattleId: _, ...calf } = c as Row;
          return calf;
        })
      : undefined;
    issues.zod(
      at,
      createEventSchema.safeParse({
        cattleId: 1,
        eventType: r.event_type,
        eventDatetime: r.event_datetime,
        details: details && calves ? { ...details, calves } : details,
        notes: r.notes ?? null,
      }),
    );
  },
  shipments: (issues, at, r) =>
    issues.zod(
      at,
      createShipmentSchema.safeParse({
        cattleId: 1,
        shipmentDate: r.shipment_date,
        price: r.price,
        weight: present(r.weight),
        ageAtShipment: present(r.age_at_shipment),
        buyer: present(r.buyer),
        toFarmerCode: present(r.to_farmer_code),
        toName: present(r.to_name),
        notes: present(r.notes),
        carcass: {
          weightKg: present(r.carcass_weight_kg),
          yieldGrade: present(r.carcass_yield_grade),
          qualityGrade: present(r.carcass_quality_grade),
          bms: present(r.carcass_bms),
          notes: present(r.carcass_notes),
        },
      }),
    ),
  plans: (issues, at, r) =>
    issues.zod(at, createPlanSchema.safeParse({ cattleId: 1, plannedShipmentMonth: r.planned_shipment_month })),
  alerts: (issues, at, r) => {
    if (!(ALERT_TYPES as readonly unknown[]).includes(r.type)) issues.add(`${at}.type`, BACKUP_MESSAGES.alertType);
  },
  programmes: (issues, at, r) => {
    const trigger =
      r.trigger_kind === 'event'
        ? { kind: 'event', eventType: r.trigger_event_type }
        : r.trigger_kind === 'age'
          ? { kind: 'age', days: r.trigger_days }
          : { kind: r.trigger_kind };
    issues.zod(at, programmeSchema.safeParse({ name: r.name, trigger, steps: parsed(r.steps) }));
  },
  tasks: (issues, at, r) => {
    if (r.event_type !== null && !isEventType(r.event_type)) {
      issues.add(`${at}.event_type`, EVENT_MESSAGES.eventTypeInvalid);
    }
  },
  audit: (issues, at, r) => {
    if (!(AUDIT_ACTIONS as readonly unknown[]).includes(r.action)) issues.add(`${at}.action`, BACKUP_MESSAGES.choice);
    if (!(AUDIT_ENTITIES as readonly unknown[]).includes(r.entity)) issues.add(`${at}.entity`, BACKUP_MESSAGES.choice);
  },
};

/**
 * Nullable columns added after backups were first taken: a row without one (a backup of an earlier version) is read
 * as having none — an animal in no pen (shard migration 0018), an event of unknown source (0019).
 */
const ADDED_LATER: Partial<Record<BackupKey, string[]>> = { cattle: ['pen_id'], events: ['source'] };

/** A reference of a table's rows: the column, and the document key whose ids it must name. */
type Reference = { column: string; to: BackupKey; optional?: boolean };
const toAnimal: Reference = { column: 'cattle_id', to: 'cattle' };
const REFERENCES: Partial<Record<BackupKey, Reference[]>> = {
  cattle: [{ column: 'pen_id', to: 'pens', optional: true }],
  bloodline: [toAnimal],
  motherInfo: [toAnimal, { column: 'mother_cattle_id', to: 'cattle', optional: true }],
  breedingStatus: [toAnimal],
  breedingSummary: [toAnimal],
  statusHistory: [toAnimal],
  events: [toAnimal],
  shipments: [toAnimal, { column: 'event_id', to: 'events', optional: true }],
  plans: [toAnimal],
  alerts: [toAnimal],
  alertHistory: [{ column: 'alert_id', to: 'alerts' }],
  enrolments: [toAnimal, { column: 'programme_id', to: 'programmes' }],
  tasks: [toAnimal, { column: 'enrolment_id', to: 'enrolments' }, { column: 'programme_id', to: 'programmes' }],
  filings: [toAnimal],
};

/** Columns (or sets of them) that name one row of their table in a farm: a second row with the same is refused. */
const UNIQUE: Partial<Record<BackupKey, { columns: string[]; message: string }[]>> = {
  // A pen's name is unique in its farm (the shard's unique index): two in a document are refused before any write.
  pens: [{ columns: ['name'], message: PEN_MESSAGES.duplicate }],
  cattle: [{ columns: ['identification_number'], message: BACKUP_MESSAGES.duplicateIdentification }],
  bloodline: [{ columns: ['cattle_id'], message: BACKUP_MESSAGES.duplicateRow }],
  motherInfo: [{ columns: ['cattle_id'], message: BACKUP_MESSAGES.duplicateRow }],
  breedingStatus: [{ columns: ['cattle_id'], message: BACKUP_MESSAGES.duplicateRow }],
  breedingSummary: [{ columns: ['cattle_id'], message: BACKUP_MESSAGES.duplicateRow }],
  plans: [{ columns: ['cattle_id'], message: BACKUP_MESSAGES.duplicateRow }],
  // An alert's id is made again from its farm, animal, type and due date.
  alerts: [{ columns: ['cattle_id', 'type', 'due_at'], message: BACKUP_MESSAGES.duplicateRow }],
  enrolments: [{ columns: ['programme_id', 'cattle_id', 'start_date'], message: BACKUP_MESSAGES.duplicateRow }],
  tasks: [{ columns: ['enrolment_id', 'step_index'], message: BACKUP_MESSAGES.duplicateRow }],
  filings: [{ columns: ['cattle_id', 'kind'], message: BACKUP_MESSAGES.duplicateRow }],
};

const primaryColumn = (table: Table) => Object.values(getTableColumns(table)).find((c) => c.primary)?.name ?? null;

const KEYS = new Map<string, number>(BACKUP_TABLES.map(({ key }, i) => [key, i]));
const HEADER_KEYS = new Set(['format', 'version', 'exportedAt', 'farm']);

/**
 * Checks a document row by row as it is read (parents come before their children in a backup, so a reference is
 * checked against the rows read so far): what it keeps is each table's ids and unique keys, never the rows.
 */
export class BackupChecker {
  private readonly issues = new Issues();
  private readonly ids = new Map<BackupKey, Set<unknown>>(BACKUP_TABLES.map(({ key }) => [key, new Set()]));
  private readonly seen = new Map<string, Set<string>>();
  private last = -1;

  /** The issues so far (at most MAX_ISSUES and one that says there are more). */
  get found(): readonly FieldIssue[] {
    return this.issues.list;
  }

  get full() {
    return this.issues.list.length > MAX_ISSUES;
  }

  /** A top-level key: a table's (in the backup's order) or the header's; anything else is an issue. */
  key(key: string): BackupKey | null {
    if (HEADER_KEYS.has(key)) return null;
    const place = KEYS.get(key);
    if (place === undefined) {
      this.issues.add(key, BACKUP_MESSAGES.unknownKey);
      return null;
    }
    if (place <= this.last) this.issues.add(key, BACKUP_MESSAGES.order);
    this.last = Math.max(this.last, place);
    return key as BackupKey;
  }

  notList(key: string) {
    this.issues.add(key, BACKUP_MESSAGES.notList);
  }

  /** One row of a table; answers whether it passed (its id and unique keys are kept either way). */
  row(key: BackupKey, i: number, row: unknown): row is Row {
    const before = this.issues.list.length;
    const at = `${key}[${i}]`;
    if (!row || typeof row !== 'object' || Array.isArray(row)) {
      this.issues.add(at, BACKUP_MESSAGES.notRow);
      return false;
    }
    const r = row as Row;
    const { table } = BACKUP_TABLES[KEYS.get(key) as number];
    const columns = Object.values(getTableColumns(table));
    const names = new Set(columns.map((c) => c.name));
    for (const name of Object.keys(r))
      if (!names.has(name)) this.issues.add(`${at}.${name}`, BACKUP_MESSAGES.unknownColumn);
    for (const column of columns) {
      if (!(column.name in r) && ADDED_LATER[key]?.includes(column.name)) continue;
      if (!(column.name in r)) this.issues.add(`${at}.${column.name}`, BACKUP_MESSAGES.missingColumn);
      else checkValue(this.issues, at, column, r[column.name]);
    }
    const primary = primaryColumn(table);
    const ids = this.ids.get(key) as Set<unknown>;
    if (primary && r[primary] !== undefined) {
      if (ids.has(r[primary])) this.issues.add(`${at}.${primary}`, BACKUP_MESSAGES.duplicateId);
      ids.add(r[primary]);
    }
    for (const { columns: unique, message } of UNIQUE[key] ?? []) {
      const values = unique.map((c) => r[c]);
      if (values.every((v) => v === null || v === undefined)) continue;
      const name = `${key}:${unique.join()}`;
      const seen = this.seen.get(name) ?? this.seen.set(name, new Set()).get(name)!;
      const value = JSON.stringify(values);
      if (seen.has(value)) this.issues.add(`${at}.${unique[unique.length - 1]}`, message);
      seen.add(value);
    }
    API_RULES[key]?.(this.issues, at, r);
    this.references(key, at, r);
    return this.issues.list.length === before;
  }

  /** Every reference names a row read before: an animal, event, alert, programme or enrolment of the document. */
  private references(key: BackupKey, at: string, r: Row) {
    const has = (to: BackupKey, value: unknown) => (this.ids.get(to) as Set<unknown>).has(value);
    for (const { column, to, optional } of REFERENCES[key] ?? []) {
      const value = r[column];
      if ((value === null || value === undefined) && optional) continue;
      if (!has(to, value)) this.issues.add(`${at}.${column}`, BACKUP_MESSAGES.missingRow);
    }
    // A calving's registered calves, and a filing's event unless it was deleted since.
    if (key === 'events') {
      const calves = (parsed(r.details) as { calves?: unknown } | undefined)?.calves;
      if (!Array.isArray(calves)) return;
      calves.forEach((calf, c) => {
        const id = (calf as { cattleId?: unknown } | null)?.cattleId;
        if (id !== undefined && id !== null && !has('cattle', id)) {
          this.issues.add(`${at}.details.calves[${c}].cattleId`, BACKUP_MESSAGES.missingRow);
        }
      });
    }
    if (key === 'filings' && !r.event_deleted && !has('events', r.event_id)) {
      this.issues.add(`${at}.event_id`, BACKUP_MESSAGES.missingRow);
    }
  }
}
