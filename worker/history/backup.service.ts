/**
 * A farm's backup that round-trips (docs/product.md §23, decision 042): one versioned JSON document of every
 * farm-data table's rows, streamed a page at a time (8,000 head fit a Worker's memory and CPU limits), and its
 * restore into a farm without animals with every id remapped and the references following them.
 */
import { sql } from 'drizzle-orm';
import { alertId } from '../alerts/alerts.statements';
import { auditStatement } from '../audit/audit.statement';
import { insertRowsStatement } from '../audit/trash.statements';
import { runBatch, type Statement } from '../db/batch';
import type { Db } from '../db/client';
import type { Scope } from '../db/scope';
import { conflict, validationError } from '../lib/errors';

const BACKUP_FORMAT = 'ushicho-farm';
const BACKUP_VERSION = 1;

type Row = Record<string, unknown>;

/**
 * The farm-data tables a backup carries, under their document keys, each found by the farm: its own farm_id, or its
 * animal's or alert's. Parents before children (a restore inserts in this order). A new farm-data table is added
 * here or named in NOT_BACKED_UP (backup.test.ts fails until it is).
 */
export const BACKUP_TABLES = [
  { key: 'cattle', table: 'cattle', of: 'farm' },
  { key: 'bloodline', table: 'bloodline', of: 'cattle' },
  { key: 'motherInfo', table: 'mother_info', of: 'cattle' },
  { key: 'breedingStatus', table: 'breeding_status', of: 'cattle' },
  { key: 'breedingSummary', table: 'breeding_summary', of: 'cattle' },
  { key: 'statusHistory', table: 'cattle_status_history', of: 'cattle' },
  { key: 'events', table: 'events', of: 'farm' },
  { key: 'shipments', table: 'shipments', of: 'farm' },
  { key: 'plans', table: 'shipment_plans', of: 'farm' },
  { key: 'alerts', table: 'alerts', of: 'farm' },
  { key: 'alertHistory', table: 'alert_history', of: 'alert' },
  { key: 'programmes', table: 'programmes', of: 'farm' },
  { key: 'enrolments', table: 'enrolments', of: 'farm' },
  { key: 'tasks', table: 'tasks', of: 'farm' },
  { key: 'filings', table: 'filings', of: 'farm' },
] as const;

/** Shard tables a backup leaves out on purpose, and why (kept figures are derived again; the rest is not the herd). */
export const NOT_BACKED_UP: Record<string, string> = {
  farm_counts: 'counts kept by triggers on insert',
  farm_status_counts: 'counts kept by triggers on cattle',
  farm_alert_counts: 'counts kept by triggers on alerts',
  kpi_figures: 'kept KPI figures, rewritten from the events (triggers mark restored cows stale)',
  kpi_eligible_days: 'kept by triggers on kpi_figures',
  kpi_day_sums: 'kept by triggers on kpi_figures',
  kpi_cycle_days: 'kept by triggers on kpi_figures',
  kpi_stale: 'marks set by triggers',
  dawn_farm_runs: "the dawn run's own bookkeeping",
  audit_log: 'the change history stays with the farm it was written on',
  trash: 'deleted rows are not restored into another farm',
  cattle_grams: 'search pieces kept by triggers on cattle',
  mother_groups: 'kept mothers-list groups, grouped again by the first read after a change',
  mother_groups_fresh: 'marks cleared by triggers',
};

const ROWS_PER_PAGE = 500;

const scopeOf = (of: 'farm' | 'cattle' | 'alert', farmId: number) =>
  of === 'farm'
    ? sql`farm_id = ${farmId}`
    : of === 'cattle'
      ? sql`cattle_id in (select cattle_id from cattle where farm_id = ${farmId})`
      : sql`alert_id in (select id from alerts where farm_id = ${farmId})`;

/** One page of a table's farm rows after `afterRowid`, in rowid order (raw snake_case rows). */
async function page(db: Db, table: string, of: 'farm' | 'cattle' | 'alert', farmId: number, afterRowid: number) {
  return db.all<Row & { _rowid: number }>(
    sql`select rowid as _rowid, * from ${sql.identifier(table)} where ${scopeOf(of, farmId)} and rowid > ${afterRowid}
      order by rowid limit ${ROWS_PER_PAGE}`,
  );
}

/** The backup document, streamed: the header, then each table's rows page by page. */
export function backupStream(db: Db, farm: { id: number; name: string }): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const header = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: new Date().toISOString(),
    farm: { name: farm.name },
  };
  const parts = (async function* () {
    yield JSON.stringify(header).slice(0, -1);
    for (const { key, table, of } of BACKUP_TABLES) {
      yield `,${JSON.stringify(key)}:[`;
      let after = 0;
      let first = true;
      for (;;) {
        const rows = await page(db, table, of, farm.id, after);
        if (rows.length === 0) break;
        after = rows[rows.length - 1]._rowid;
        const text = rows.map(({ _rowid, ...row }) => JSON.stringify(row)).join(',');
        yield first ? text : `,${text}`;
        first = false;
        if (rows.length < ROWS_PER_PAGE) break;
      }
      yield ']';
    }
    yield '}';
  })();
  return new ReadableStream({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}

export interface BackupDocument {
  format: string;
  version: number;
  farm?: { name?: string };
  [key: string]: unknown;
}

const list = (doc: BackupDocument, key: string): Row[] => (Array.isArray(doc[key]) ? (doc[key] as Row[]) : []);

/** Per statement and per batch: the registration's own chunking (one bound JSON array per statement). */
const CHUNK = 200;
const STATEMENTS_PER_BATCH = 50;

/** The calves a CALVING's details name, their cattle ids mapped. */
function remapDetails(details: unknown, cattle: Map<number, number>) {
  if (typeof details !== 'string') return details;
  try {
    const parsed = JSON.parse(details) as { calves?: { cattleId?: number }[] };
    if (!Array.isArray(parsed?.calves)) return details;
    parsed.calves = parsed.calves.map((c) =>
      typeof c?.cattleId === 'number' ? { ...c, cattleId: cattle.get(c.cattleId) ?? null } : c,
    ) as typeof parsed.calves;
    return JSON.stringify(parsed);
  } catch {
    return details;
  }
}

/**
 * Restores a backup into the scope's farm, which must have no animals (409 otherwise): every row gets a new id
 * (cattle and events numbered after the shard's highest, shipments and plans new UUIDs, alerts their id for the new
 * farm), and every reference follows. Created dates and event dates are kept. Answers the rows written per key.
 */
export async function restoreFarm(scope: Scope, doc: BackupDocument): Promise<Record<string, number>> {
  const { db, farmId } = scope;
  if (doc?.format !== BACKUP_FORMAT || doc.version !== BACKUP_VERSION) {
    throw validationError('バックアップファイルの形式が正しくありません', 'format');
  }
  const seq = (table: string, id: string) =>
    sql.raw(`max(coalesce((select seq from sqlite_sequence where name = '${table}'), 0),
        coalesce((select max(${id}) from ${table}), 0))`);
  const [state] = await db.all<{
    animals: number;
    cattle_seq: number;
    event_seq: number;
    programme_seq: number;
    enrolment_seq: number;
  }>(
    sql`select (select count(*) from cattle where farm_id = ${farmId}) as animals,
      ${seq('cattle', 'cattle_id')} as cattle_seq, ${seq('events', 'event_id')} as event_seq,
      ${seq('programmes', 'id')} as programme_seq, ${seq('enrolments', 'id')} as enrolment_seq`,
  );
  if (state.animals > 0) throw conflict('牛が登録されている牧場には復元できません', 'FARM_NOT_EMPTY');

  const cattleIds = new Map<number, number>();
  list(doc, 'cattle').forEach((row, k) => {
    cattleIds.set(Number(row.cattle_id), state.cattle_seq + 1 + k);
  });
  const eventIds = new Map<number, number>();
  list(doc, 'events').forEach((row, k) => {
    eventIds.set(Number(row.event_id), state.event_seq + 1 + k);
  });
  const alertIds = new Map<string, string>();
  for (const row of list(doc, 'alerts')) {
    const cattleId = cattleIds.get(Number(row.cattle_id)) ?? 0;
    alertIds.set(String(row.id), await alertId(farmId, cattleId, String(row.type), (row.due_at as string) ?? null));
  }
  const numbered = (rows: Row[], key: string, from: number) =>
    new Map(rows.map((row, k) => [Number(row[key]), from + 1 + k] as const));
  const programmeIds = numbered(list(doc, 'programmes'), 'id', state.programme_seq);
  const enrolmentIds = numbered(list(doc, 'enrolments'), 'id', state.enrolment_seq);
  const event = (id: unknown) => (id === null || id === undefined ? null : (eventIds.get(Number(id)) ?? null));
  const animal = (id: unknown) => (id === null || id === undefined ? null : (cattleIds.get(Number(id)) ?? null));
  const remap: Record<string, (row: Row) => Row> = {
    cattle: (r) => ({ ...r, cattle_id: animal(r.cattle_id), farm_id: farmId }),
    bloodline: ({ bloodline_id: _, ...r }) => ({ ...r, cattle_id: animal(r.cattle_id) }),
    mother_info: ({ mother_info_id: _, ...r }) => ({
      ...r,
      cattle_id: animal(r.cattle_id),
      mother_cattle_id: animal(r.mother_cattle_id),
    }),
    breeding_status: ({ breeding_status_id: _, ...r }) => ({ ...r, cattle_id: animal(r.cattle_id) }),
    breeding_summary: ({ breeding_summary_id: _, ...r }) => ({ ...r, cattle_id: animal(r.cattle_id) }),
    cattle_status_history: ({ history_id: _, ...r }) => ({ ...r, cattle_id: animal(r.cattle_id) }),
    events: (r) => ({
      ...r,
      event_id: eventIds.get(Number(r.event_id)),
      cattle_id: animal(r.cattle_id),
      farm_id: farmId,
      details: remapDetails(r.details, cattleIds),
    }),
    shipments: (r) => ({
      ...r,
      shipment_id: crypto.randomUUID(),
      cattle_id: animal(r.cattle_id),
      farm_id: farmId,
      event_id: r.event_id === null || r.event_id === undefined ? null : (eventIds.get(Number(r.event_id)) ?? null),
    }),
    shipment_plans: (r) => ({ ...r, plan_id: crypto.randomUUID(), cattle_id: animal(r.cattle_id), farm_id: farmId }),
    alerts: (r) => ({ ...r, id: alertIds.get(String(r.id)), cattle_id: animal(r.cattle_id), farm_id: farmId }),
    alert_history: ({ id: _, ...r }) => ({ ...r, alert_id: alertIds.get(String(r.alert_id)) }),
    programmes: (r) => ({ ...r, id: programmeIds.get(Number(r.id)), farm_id: farmId }),
    enrolments: (r) => ({
      ...r,
      id: enrolmentIds.get(Number(r.id)),
      farm_id: farmId,
      programme_id: programmeIds.get(Number(r.programme_id)),
      cattle_id: animal(r.cattle_id),
    }),
    tasks: ({ id: _, ...r }) => ({
      ...r,
      farm_id: farmId,
      cattle_id: animal(r.cattle_id),
      enrolment_id: enrolmentIds.get(Number(r.enrolment_id)),
      programme_id: programmeIds.get(Number(r.programme_id)),
      event_id: event(r.event_id),
    }),
    // A filing whose event was deleted keeps no event (0: its column is required).
    filings: ({ filing_id: _, ...r }) => ({
      ...r,
      farm_id: farmId,
      cattle_id: animal(r.cattle_id),
      event_id: event(r.event_id) ?? 0,
    }),
  };

  const statements: Statement[] = [];
  const counts: Record<string, number> = {};
  const restoredAt = new Date().toISOString();
  for (const { key, table } of BACKUP_TABLES) {
    const rows = list(doc, key).map(remap[table]);
    counts[key] = rows.length;
    if (rows.length === 0) continue;
    const columns = Object.keys(rows[0]);
    for (let i = 0; i < rows.length; i += CHUNK) {
      statements.push(insertRowsStatement(table, columns, rows.slice(i, i + CHUNK)));
    }
  }
  const changes = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, [null, v] as [unknown, unknown]]));
  statements.unshift(
    // The farm's own programmes (a new farm's two examples) give way to the backup's.
    sql`delete from programmes where farm_id = ${farmId}`,
    auditStatement(scope, { action: 'import', entity: 'farm', entityId: farmId, changes, at: restoredAt }),
  );
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
    await runBatch(db, statements.slice(i, i + STATEMENTS_PER_BATCH));
  }
  return counts;
}
