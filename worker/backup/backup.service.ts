/**
 * A farm's backup that round-trips (docs/product.md §23, decisions 042 and 050): one versioned JSON document of every
 * farm-data table's rows and the farm's change history, streamed a page at a time, and its restore into a farm
 * without animals — checked row by row first (backup.check.ts), then written all or nothing whatever its size, one
 * restore at a time per farm, with every id remapped and the references following them.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { alertId } from '../alerts/alerts.statements';
import { auditStatement } from '../audit/audit.statements';
import { guardStatement, isGuardFailure, runBatch, type Statement } from '../db/batch';
import type { Db } from '../db/client';
import type { Scope } from '../db/scope';
import { conflict, fieldErrors, validationError } from '../lib/errors';
import { columnsFromJson } from '../trash/trash.statements';
import { BACKUP_MESSAGES, BACKUP_TABLES, BackupChecker, type BackupKey } from './backup-checks';
import { readBackup } from './backup-reader';

const BACKUP_FORMAT = 'ushicho-farm';
const BACKUP_VERSION = 1;

type Row = Record<string, unknown>;

export { BACKUP_TABLES };

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
  trash: 'deleted rows are not restored into another farm',
  cattle_grams: 'search pieces kept by triggers on cattle',
  mother_groups: 'kept mothers-list groups, grouped again by the first read after a change',
  mother_groups_fresh: 'marks cleared by triggers',
  shipment_days: 'kept by triggers on shipments',
  kpi_kept_periods: 'the periods a drill-down kept, filled again by the next read',
  kpi_cow_rows: 'kept by triggers on kpi_figures',
  restores: "a running restore's marker",
  restore_rows: "a running restore's staged rows",
};

const ROWS_PER_PAGE = 500;

type Owner = 'farm' | 'cattle' | 'alert';
/** How a table's rows are found by the farm: its own farm_id, or its animal's or alert's. */
const ownerOf = (table: (typeof BACKUP_TABLES)[number]['table']): Owner =>
  'farmId' in getTableColumns(table) ? 'farm' : 'alertId' in getTableColumns(table) ? 'alert' : 'cattle';

const scopeOf = (of: Owner, farmId: number) =>
  of === 'farm'
    ? sql`farm_id = ${farmId}`
    : of === 'cattle'
      ? sql`cattle_id in (select cattle_id from cattle where farm_id = ${farmId})`
      : sql`alert_id in (select id from alerts where farm_id = ${farmId})`;

/** One page of a table's farm rows after `afterRowid`, in rowid order (raw snake_case rows). */
async function page(db: Db, table: string, of: Owner, farmId: number, afterRowid: number) {
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
    for (const { key, table } of BACKUP_TABLES) {
      yield `,${JSON.stringify(key)}:[`;
      let after = 0;
      let first = true;
      for (;;) {
        const rows = await page(db, getTableName(table), ownerOf(table), farm.id, after);
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

/**
 * The largest backup a restore reads: the benchmark's largest farm (8,000 head, their five years and the 12,000
 * animals they shipped) is 100.3 MB of JSON, measured in decision 050; the cap leaves 57 MB over it for its alerts
 * and change history.
 */
export const MAX_BACKUP_BYTES = 150 * 1024 * 1024;

/** The new ids a restore takes, reserved on the shard as it goes, so concurrent inserts take the ids after them. */
const RESERVED: Partial<Record<BackupKey, { table: string; id: string }>> = {
  pens: { table: 'pens', id: 'pen_id' },
  cattle: { table: 'cattle', id: 'cattle_id' },
  events: { table: 'events', id: 'event_id' },
  programmes: { table: 'programmes', id: 'id' },
  enrolments: { table: 'enrolments', id: 'id' },
  tasks: { table: 'tasks', id: 'id' },
  filings: { table: 'filings', id: 'filing_id' },
};

/** A restore that stopped without cleaning up (its isolate died) holds the farm this long, then may be taken over. */
const STALE_MINUTES = 15;
/** Rows remapped and staged together; staged JSON per statement (well under D1's 2 MB value); statements a batch. */
const ROWS_PER_STAGE = 1000;
const STAGE_BYTES = 256 * 1024;
const STAGES_PER_BATCH = 8;

const FARM_NOT_EMPTY = 'FARM_NOT_EMPTY';
const RESTORING = 'RESTORE_IN_PROGRESS';

/** Takes the farm for this restore: 409 when it has animals or while another restore runs (one older is taken over). */
async function begin(db: Db, farmId: number, token: string) {
  const now = new Date();
  const stale = new Date(now.getTime() - STALE_MINUTES * 60_000).toISOString();
  await runBatch(db, [
    guardStatement(FARM_NOT_EMPTY, sql`exists (select 1 from cattle where farm_id = ${farmId})`),
    sql`insert into restores (farm_id, token, started_at) values (${farmId}, ${token}, ${now.toISOString()})
      on conflict (farm_id) do update set token = excluded.token, started_at = excluded.started_at
      where restores.started_at < ${stale}`,
    guardStatement(RESTORING, sql`(select token from restores where farm_id = ${farmId}) <> ${token}`),
    // A restore that stopped long ago leaves its staged rows: they go with its marker.
    sql`delete from restore_rows where farm_id = ${farmId} and token <> ${token}`,
  ]);
}

/** Moves a table's autoincrement sequence past `count` new ids; answers the first one less one. */
async function reserve(db: Db, { table, id }: { table: string; id: string }, count: number) {
  const [, moved] = await runBatch(db, [
    sql`insert into sqlite_sequence (name, seq) select ${table}, 0
      where not exists (select 1 from sqlite_sequence where name = ${table})`,
    sql`update sqlite_sequence
      set seq = max(seq, coalesce((select max(${sql.identifier(id)}) from ${sql.identifier(table)}), 0)) + ${count}
      where name = ${table} returning seq - ${count} as base`,
  ]);
  return Number((moved.results[0] as { base: number }).base);
}

/** One table's rows as JSON arrays of at most STAGE_BYTES each. */
function* chunks(rows: Row[]) {
  let part: string[] = [];
  let bytes = 0;
  for (const row of rows) {
    const text = JSON.stringify(row);
    if (part.length > 0 && bytes + text.length > STAGE_BYTES) {
      yield `[${part.join(',')}]`;
      part = [];
      bytes = 0;
    }
    part.push(text);
    bytes += text.length + 1;
  }
  if (part.length > 0) yield `[${part.join(',')}]`;
}

/**
 * Staged rows a final insert statement takes: D1 stops any one statement after 30 s, and the final batch of an
 * 8,000-head farm's five years took 40 s as one statement per table; a statement of at most 16 stages (about 16,000
 * rows) stays far under it, and the batch is still one transaction.
 */
const STAGES_PER_INSERT = 16;

interface StagedRun {
  from: number;
  to: number;
  stages: number;
}

/** The staged rows' ids of each table in this restore, in runs of `stagesPerInsert` stages (one read). */
async function stagedRuns(db: Db, farmId: number, token: string, stagesPerInsert: number) {
  const [staged] = await runBatch(db, [
    sql`select tbl, id from restore_rows where farm_id = ${farmId} and token = ${token} order by tbl, id`,
  ]);
  const runs = new Map<string, StagedRun[]>();
  for (const row of staged.results as { tbl: string; id: number }[]) {
    const list = runs.get(row.tbl) ?? [];
    const last = list[list.length - 1];
    if (last && last.stages < stagesPerInsert) Object.assign(last, { to: row.id, stages: last.stages + 1 });
    else list.push({ from: row.id, to: row.id, stages: 1 });
    runs.set(row.tbl, list);
  }
  return runs;
}

/** The insert of a run of a table's staged rows into the table itself, in the order they were staged. */
function insertStaged(table: string, columns: string[], farmId: number, token: string, run: StagedRun): Statement {
  const { list, values } = columnsFromJson(columns);
  return sql`insert into ${sql.identifier(table)} (${list}) select ${values}
    from restore_rows r, json_each(r.rows) j
    where r.farm_id = ${farmId} and r.token = ${token} and r.tbl = ${table} and r.id between ${run.from} and ${run.to}
    order by r.id, j.key`;
}

/**
 * One restore's state as the document is read: the new id of every row read (old id → new), the rows waiting to be
 * staged, and what was staged per table.
 */
class Restore {
  private readonly ids: Record<string, Map<unknown, unknown>> = {};
  private pending: { key: BackupKey; rows: Row[] } | null = null;
  readonly written = new Map<BackupKey, { table: string; columns: string[]; rows: number }>();

  constructor(
    private readonly db: Db,
    private readonly farmId: number,
    private readonly token: string,
  ) {
    for (const name of [
      'pens',
      'cattle',
      'events',
      'programmes',
      'enrolments',
      'tasks',
      'filings',
      'shipments',
      'plans',
      'alerts',
    ])
      this.ids[name] = new Map();
  }

  async add(key: BackupKey, row: Row) {
    if (this.pending && this.pending.key !== key) await this.flush();
    this.pending ??= { key, rows: [] };
    this.pending.rows.push(row);
    if (this.pending.rows.length >= ROWS_PER_STAGE) await this.flush();
  }

  /** New ids for the waiting rows, their references mapped, and the rows staged. */
  async flush() {
    const pending = this.pending;
    this.pending = null;
    if (!pending || pending.rows.length === 0) return;
    const { key, rows } = pending;
    const reserved = RESERVED[key];
    if (reserved) {
      const base = await reserve(this.db, reserved, rows.length);
      const map = this.ids[key];
      rows.forEach((r, k) => {
        map.set(r[reserved.id], base + 1 + k);
      });
    }
    if (key === 'shipments') for (const r of rows) this.ids.shipments.set(r.shipment_id, crypto.randomUUID());
    if (key === 'plans') for (const r of rows) this.ids.plans.set(r.plan_id, crypto.randomUUID());
    if (key === 'alerts') {
      for (const r of rows) {
        const cattleId = Number(this.ids.cattle.get(r.cattle_id));
        this.ids.alerts.set(r.id, await alertId(this.farmId, cattleId, String(r.type), (r.due_at as string) ?? null));
      }
    }
    const remap = this.remap[key];
    const mapped = rows.map(remap);
    const { table } = BACKUP_TABLES.find((t) => t.key === key) as (typeof BACKUP_TABLES)[number];
    const name = getTableName(table);
    const entry = this.written.get(key) ?? { table: name, columns: Object.keys(mapped[0]), rows: 0 };
    entry.rows += mapped.length;
    this.written.set(key, entry);
    const staged = [...chunks(mapped)].map(
      (json) =>
        sql`insert into restore_rows (farm_id, token, tbl, rows) values (${this.farmId}, ${this.token}, ${name}, ${json})`,
    );
    for (let i = 0; i < staged.length; i += STAGES_PER_BATCH) {
      await runBatch(this.db, staged.slice(i, i + STAGES_PER_BATCH));
    }
  }

  private readonly animal = (id: unknown) => (id === null ? null : ((this.ids.cattle.get(id) as number) ?? null));
  private readonly event = (id: unknown) => (id === null ? null : ((this.ids.events.get(id) as number) ?? null));
  /** A pen of the document by its new id; one not in it (deleted before the backup) keeps its id, as it was. */
  private readonly pen = (id: unknown) => (id === null || id === undefined ? id : (this.ids.pens.get(id) ?? id));
  private readonly details = (text: unknown) => {
    if (typeof text !== 'string') return text;
    const parsed = JSON.parse(text) as {
      calves?: { cattleId?: number }[];
      toPenId?: unknown;
      fromPenId?: unknown;
    } | null;
    if (parsed && 'toPenId' in parsed) {
      // A move between pens (§26) names its pens by id: they follow the restored pens.
      return JSON.stringify({ ...parsed, toPenId: this.pen(parsed.toPenId), fromPenId: this.pen(parsed.fromPenId) });
    }
    if (!Array.isArray(parsed?.calves)) return text;
    parsed.calves = parsed.calves.map((c) =>
      typeof c.cattleId === 'number' ? { ...c, cattleId: this.animal(c.cattleId) } : c,
    ) as typeof parsed.calves;
    return JSON.stringify(parsed);
  };
  /** An audit row names its row by id: the restored row's new id, the farm itself, or (a row not carried) as it was. */
  private readonly entityId = (entity: string, id: unknown) => {
    if (entity === 'farm') return String(this.farmId);
    const map = this.ids[ENTITY_IDS[entity] ?? ''];
    const found = map?.get(id) ?? map?.get(Number(id));
    return found === undefined ? id : String(found);
  };
  private readonly remap: Record<BackupKey, (r: Row) => Row> = {
    pens: (r) => ({ ...r, pen_id: this.ids.pens.get(r.pen_id), farm_id: this.farmId }),
    cattle: (r) => ({ ...r, cattle_id: this.animal(r.cattle_id), farm_id: this.farmId, pen_id: this.pen(r.pen_id) }),
    bloodline: ({ bloodline_id: _, ...r }) => ({ ...r, cattle_id: this.animal(r.cattle_id) }),
    motherInfo: ({ mother_info_id: _, ...r }) => ({
      ...r,
      cattle_id: this.animal(r.cattle_id),
      mother_cattle_id: this.animal(r.mother_cattle_id),
    }),
    breedingStatus: ({ breeding_status_id: _, ...r }) => ({ ...r, cattle_id: this.animal(r.cattle_id) }),
    breedingSummary: ({ breeding_summary_id: _, ...r }) => ({ ...r, cattle_id: this.animal(r.cattle_id) }),
    statusHistory: ({ history_id: _, ...r }) => ({ ...r, cattle_id: this.animal(r.cattle_id) }),
    events: (r) => ({
      ...r,
      event_id: this.event(r.event_id),
      cattle_id: this.animal(r.cattle_id),
      farm_id: this.farmId,
      details: this.details(r.details),
    }),
    shipments: (r) => ({
      ...r,
      shipment_id: this.ids.shipments.get(r.shipment_id),
      cattle_id: this.animal(r.cattle_id),
      farm_id: this.farmId,
      event_id: this.event(r.event_id),
    }),
    plans: (r) => ({
      ...r,
      plan_id: this.ids.plans.get(r.plan_id),
      cattle_id: this.animal(r.cattle_id),
      farm_id: this.farmId,
    }),
    alerts: (r) => ({
      ...r,
      id: this.ids.alerts.get(r.id),
      cattle_id: this.animal(r.cattle_id),
      farm_id: this.farmId,
    }),
    alertHistory: ({ id: _, ...r }) => ({ ...r, alert_id: this.ids.alerts.get(r.alert_id) }),
    programmes: (r) => ({ ...r, id: this.ids.programmes.get(r.id), farm_id: this.farmId }),
    enrolments: (r) => ({
      ...r,
      id: this.ids.enrolments.get(r.id),
      farm_id: this.farmId,
      programme_id: this.ids.programmes.get(r.programme_id),
      cattle_id: this.animal(r.cattle_id),
    }),
    tasks: (r) => ({
      ...r,
      id: this.ids.tasks.get(r.id),
      farm_id: this.farmId,
      cattle_id: this.animal(r.cattle_id),
      enrolment_id: this.ids.enrolments.get(r.enrolment_id),
      programme_id: this.ids.programmes.get(r.programme_id),
      // A task done whose event was deleted since keeps no event.
      event_id: this.event(r.event_id),
    }),
    // A filing whose event was deleted keeps no event (0: its column is required).
    filings: (r) => ({
      ...r,
      filing_id: this.ids.filings.get(r.filing_id),
      farm_id: this.farmId,
      cattle_id: this.animal(r.cattle_id),
      event_id: this.event(r.event_id) ?? 0,
    }),
    audit: ({ id: _, ...r }) => ({
      ...r,
      farm_id: this.farmId,
      entity_id: this.entityId(String(r.entity), r.entity_id),
    }),
  };
}

/** The restored rows an audit entity's ids name. */
const ENTITY_IDS: Record<string, string> = {
  pen: 'pens',
  cattle: 'cattle',
  event: 'events',
  shipment: 'shipments',
  plan: 'plans',
  alert: 'alerts',
  programme: 'programmes',
  task: 'tasks',
  filing: 'filings',
};

/** The end of a restore that did not finish: its staged rows and its marker go, the farm is as it was. */
async function abandon(db: Db, farmId: number, token: string) {
  await runBatch(db, [
    sql`delete from restore_rows where farm_id = ${farmId} and token = ${token}`,
    sql`delete from restores where farm_id = ${farmId} and token = ${token}`,
  ]).catch(() => undefined);
}

/** The header read before the first table: this format and version, or 400. */
function checkHeader(header: Record<string, unknown>) {
  if (header.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION) {
    throw validationError(BACKUP_MESSAGES.format, 'format');
  }
}

/**
 * Restores a backup, read from `body` as it arrives (413 past `limit` bytes), into the scope's farm, which must have
 * no animals (409) and no restore running (409 'この牧場は復元中です'). Every row is checked as the API checks it
 * (backup.check.ts); any issue answers 400 naming each row and field, and nothing is written. Every row gets a new id
 * (cattle, events, programmes, enrolments, tasks and filings reserved on the shard, shipments and plans new UUIDs,
 * alerts their id for the new farm) and every reference follows; created dates, event dates and the change history
 * are kept, followed by one 'restore' row. The rows wait in `restore_rows`, which no read looks at, until one final
 * batch moves them into the farm's tables: the farm shows all of them or none. Answers the rows written per key.
 */
export async function restoreFarm(
  scope: Scope,
  body: ReadableStream<Uint8Array> | null,
  limit = MAX_BACKUP_BYTES,
  { stagesPerInsert = STAGES_PER_INSERT } = {},
): Promise<Record<string, number>> {
  const { db, farmId } = scope;
  if (!body) throw validationError(BACKUP_MESSAGES.format, 'format');
  const token = crypto.randomUUID();
  const checker = new BackupChecker();
  const restore = new Restore(db, farmId, token);
  const header: Record<string, unknown> = {};
  let started = false;
  let table: BackupKey | null = null;
  try {
    for await (const part of readBackup(body, limit)) {
      if (part.kind === 'value') {
        if (checker.key(part.key)) checker.notList(part.key);
        else header[part.key] = part.value;
      } else if (part.kind === 'list') {
        if (!started) {
          checkHeader(header);
          await begin(db, farmId, token);
          started = true;
        }
        table = checker.key(part.key);
      } else if (table && checker.row(table, part.index, part.value) && checker.found.length === 0) {
        await restore.add(table, part.value as Row);
      } else if (checker.full) break;
    }
    if (!started) {
      checkHeader(header);
      await begin(db, farmId, token);
    }
    const issues = checker.found;
    if (issues.length > 0) throw fieldErrors(issues.map((i) => ({ path: [i.field], message: i.message })));
    await restore.flush();
    const written = Object.fromEntries(BACKUP_TABLES.map(({ key }) => [key, restore.written.get(key)?.rows ?? 0]));
    const changes = Object.fromEntries(Object.entries(written).map(([k, v]) => [k, [null, v] as [unknown, unknown]]));
    const runs = await stagedRuns(db, farmId, token, stagesPerInsert);
    await runBatch(db, [
      guardStatement(
        RESTORING,
        sql`not exists (select 1 from restores where farm_id = ${farmId} and token = ${token})`,
      ),
      // An animal registered while the rows were staged: the restore gives way (the farm keeps it).
      guardStatement(FARM_NOT_EMPTY, sql`exists (select 1 from cattle where farm_id = ${farmId})`),
      // The farm's own programmes (a new farm's two examples) and pens (empty: it has no animals) give way to the
      // backup's.
      sql`delete from programmes where farm_id = ${farmId}`,
      sql`delete from pens where farm_id = ${farmId}`,
      ...[...restore.written.values()].flatMap(({ table: name, columns }) =>
        (runs.get(name) ?? []).map((run) => insertStaged(name, columns, farmId, token, run)),
      ),
      auditStatement(scope, { action: 'restore', entity: 'farm', entityId: farmId, changes }),
      sql`delete from restore_rows where farm_id = ${farmId} and token = ${token}`,
      sql`delete from restores where farm_id = ${farmId} and token = ${token}`,
    ]);
    return written;
  } catch (err) {
    await abandon(db, farmId, token);
    if (isGuardFailure(err, FARM_NOT_EMPTY)) throw conflict('牛が登録されている牧場には復元できません', FARM_NOT_EMPTY);
    if (isGuardFailure(err, RESTORING)) throw conflict('この牧場は復元中です', RESTORING);
    throw err;
  }
}
