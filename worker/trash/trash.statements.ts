/**
 * The trash's write half (docs/product.md §23, decision 042): deleting an animal or an event still deletes it from the
 * live tables, and the same batch first copies the rows into one `trash` row as JSON — built in SQL from the rows
 * themselves, so nothing written between a read and the delete is lost. Restoring re-inserts the rows with the same
 * ids (restoreRowsStatements) and the caller recomputes the breeding state and alerts.
 */
import { getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { AuditWriter } from '../audit/audit.statements';
import type { Statement } from '../db/batch';
import {
  alertHistory,
  alerts,
  bloodline,
  breedingStatus,
  breedingSummary,
  cattle,
  cattleStatusHistory,
  enrolments,
  events,
  filings,
  motherInfo,
  shipmentPlans,
  shipments,
  tasks,
} from '../db/schema';
import { TRASH_DAYS } from '../domain/audit';

/**
 * The rows an animal takes into the trash, in the order a restore inserts them (parents first), each found by the
 * animal's id. A new farm-data table holding per-animal rows is added here (trash.test.ts fails until it is, or until
 * it is named among the rows the app derives again).
 */
export const TRASHED_WITH_ANIMAL: readonly { table: SQLiteTable; where: (cattleId: SQL) => SQL }[] = [
  { table: cattle, where: (id) => sql`cattle_id = ${id}` },
  { table: bloodline, where: (id) => sql`cattle_id = ${id}` },
  { table: motherInfo, where: (id) => sql`cattle_id = ${id}` },
  { table: breedingStatus, where: (id) => sql`cattle_id = ${id}` },
  { table: breedingSummary, where: (id) => sql`cattle_id = ${id}` },
  { table: cattleStatusHistory, where: (id) => sql`cattle_id = ${id}` },
  { table: events, where: (id) => sql`cattle_id = ${id}` },
  { table: shipments, where: (id) => sql`cattle_id = ${id}` },
  { table: shipmentPlans, where: (id) => sql`cattle_id = ${id}` },
  { table: alerts, where: (id) => sql`cattle_id = ${id}` },
  { table: alertHistory, where: (id) => sql`alert_id in (select id from alerts where cattle_id = ${id})` },
  { table: enrolments, where: (id) => sql`cattle_id = ${id}` },
  { table: tasks, where: (id) => sql`cattle_id = ${id}` },
  { table: filings, where: (id) => sql`cattle_id = ${id}` },
];

/** Tables with a cattle_id the trash leaves out on purpose: derived again by the recompute, or the trash itself. */
export const DERIVED_PER_ANIMAL = ['kpi_figures', 'kpi_stale', 'kpi_cow_rows', 'trash', 'cattle_grams'] as const;

export const tableName = (table: SQLiteTable) => getTableConfig(table).name;
const columnNames = (table: Table) => Object.values(getTableColumns(table)).map((c) => c.name);

/** `json_group_array` of a table's rows matching `where`, every column under its own name (snake_case). */
function rowsJson(table: SQLiteTable, where: SQL): SQL {
  const pairs = sql.join(
    columnNames(table).map((name) => sql.raw(`'${name}', "${name}"`)),
    sql`, `,
  );
  return sql`json((select json_group_array(json_object(${pairs})) from ${sql.identifier(tableName(table))} where ${where}))`;
}

/** When a trashed row is purged: TRASH_DAYS after it was deleted. */
const purgeAtOf = (deletedAt: string) =>
  new Date(new Date(deletedAt).getTime() + TRASH_DAYS * 86_400_000).toISOString();

const animalLabel = (alias: string) =>
  sql.raw(
    `coalesce(${alias}.name, ${alias}.ear_tag_number, ${alias}.identification_number, '#' || ${alias}.cattle_id)`,
  );

/**
 * Copies an animal with every row that hangs on it into the trash; put it BEFORE the animal's delete in the batch.
 * `calves` names the animals whose mother it is (their link is set null by the delete and set again by a restore).
 */
export function trashAnimalStatement(writer: AuditWriter, cattleId: number, now: string): Statement {
  // Ids and keys are written into the SQL (numbers and our own names): D1 binds at most 100 variables.
  const id = sql.raw(String(Math.trunc(cattleId)));
  const parts = sql.join(
    TRASHED_WITH_ANIMAL.map(
      ({ table, where }) => sql`${sql.raw(`'${tableName(table)}'`)}, ${rowsJson(table, where(id))}`,
    ),
    sql`, `,
  );
  const calves = sql`json((select json_group_array(cattle_id) from mother_info where mother_cattle_id = ${id}))`;
  return sql`insert into trash (farm_id, entity, entity_id, cattle_id, label, identification_number, snapshot,
      deleted_at, deleted_by, deleted_by_name, purge_at)
    select ${writer.farmId}, 'cattle', c.cattle_id, c.cattle_id, ${animalLabel('c')}, c.identification_number,
      json_object(${parts}, 'calves', ${calves}), ${now}, ${writer.userId || null}, ${writer.userName || null},
      ${purgeAtOf(now)}
    from cattle c where c.cattle_id = ${id} and c.farm_id = ${writer.farmId}`;
}

/** Copies one event into the trash; put it BEFORE the event's delete in the batch. */
export function trashEventStatement(writer: AuditWriter, eventId: number, now: string): Statement {
  const id = sql.raw(String(Math.trunc(eventId)));
  const label = sql`coalesce((select ${animalLabel('c')} from cattle c where c.cattle_id = e.cattle_id), '')
    || ' ' || e.event_type || ' ' || substr(e.event_datetime, 1, 10)`;
  return sql`insert into trash (farm_id, entity, entity_id, cattle_id, label, snapshot, deleted_at, deleted_by,
      deleted_by_name, purge_at)
    select ${writer.farmId}, 'event', e.event_id, e.cattle_id, ${label},
      json_object('events', ${rowsJson(events, sql`event_id = ${id}`)}), ${now}, ${writer.userId || null},
      ${writer.userName || null}, ${purgeAtOf(now)}
    from events e where e.event_id = ${id} and e.farm_id = ${writer.farmId}`;
}

/** A trashed snapshot: rows per table name (snake_case columns), and for an animal the calves it was mother of. */
export type Snapshot = Record<string, Record<string, unknown>[]> & { calves?: number[] };

/**
 * The inserts that put a snapshot's rows back with their ids, table by table in TRASHED_WITH_ANIMAL's order, each
 * table's rows from one bound JSON array; then the calves' links to their mother.
 */
export function restoreRowsStatements(snapshot: Snapshot, cattleId: number): Statement[] {
  const statements: Statement[] = [];
  for (const { table } of TRASHED_WITH_ANIMAL) {
    const name = tableName(table);
    const rows = snapshot[name];
    if (!Array.isArray(rows) || rows.length === 0) continue;
    const known = new Set(columnNames(table));
    const columns = Object.keys(rows[0]).filter((c) => known.has(c));
    statements.push(insertRowsStatement(name, columns, rows));
  }
  const calves = snapshot.calves ?? [];
  if (calves.length > 0) {
    statements.push(
      sql`update mother_info set mother_cattle_id = ${cattleId}
        where mother_cattle_id is null and cattle_id in (select value from json_each(${JSON.stringify(calves)}))`,
    );
  }
  return statements;
}

/**
 * The column list of an insert of raw snake_case rows read from JSON, and the values taken from each row `j.value`
 * (a json_each over the rows): the trash's restore and the backup's restore insert rows this one way.
 */
export function columnsFromJson(columns: readonly string[]): { list: SQL; values: SQL } {
  return {
    list: sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    ),
    values: sql.join(
      columns.map((c) => sql`json_extract(j.value, ${`$."${c}"`})`),
      sql`, `,
    ),
  };
}

/** One insert of many rows of `table` (raw snake_case rows) from one bound JSON array. */
function insertRowsStatement(table: string, columns: readonly string[], rows: readonly object[]): Statement {
  const { list, values } = columnsFromJson(columns);
  return sql`insert into ${sql.identifier(table)} (${list}) select ${values} from json_each(${JSON.stringify(rows)}) j`;
}

/** The dawn run's purge of a farm's trash older than TRASH_DAYS (its audit rows stay). */
export const purgeTrashStatement = (farmId: number, now: string): Statement =>
  sql`delete from trash where farm_id = ${farmId} and purge_at <= ${now}`;

/** Whether the farm's trash holds an animal with this 個体識別番号 (it stays taken there). */
export const inTrashCondition = (farmId: number, identificationNumber: string): SQL =>
  sql`exists (select 1 from trash where farm_id = ${farmId} and entity = 'cattle'
    and identification_number = ${identificationNumber})`;
