/**
 * Bringing a herd in from a file (docs/product.md §14, §20): decode (UTF-8 with or without BOM, else Shift_JIS/CP932),
 * parse CSV, plan every row against the farm (imports.plan.ts), and — when asked and nothing is wrong, or when told
 * to leave the rows in error out — write the plan in one D1 batch through the herd register's own statements, then
 * the arrivals and breeding history through the events' one builder, a batch per chunk of animals.
 */
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { regenerateAlerts } from '../alerts/regenerate';
import { auditStatement } from '../audit/audit.statements';
import { recomputeAnimal } from '../breeding/recompute';
import { linkMothersStatement, registerHerdStatements, updateHerdStatements } from '../cattle/cattle.statements';
import { runBatch, type Statement } from '../db/batch';
import { runGuardedBatch, withFreshState } from '../db/guarded-batch';
import { breedingStatus, cattle } from '../db/schema';
import type { Scope } from '../db/scope';
import { isUniqueViolation } from '../db/unique-violation';
import { todayJst } from '../domain/calendar';
import { eventStatements, type LeftRows, leftStatements } from '../events/events.statements';
import { AppError } from '../lib/errors';
import { insertPenStatement, penAnimalsStatements, penOfNameSql } from '../pens/pens.statements';
import { arrivalEvent, missingEvents } from './breeding-history';
import { loadImportContexts } from './import-contexts.queries';
import {
  type ExistingAnimal,
  fileIdentificationNumbers,
  ImportFileError,
  type ImportPlan,
  type ImportRecord,
  needsEventsOnRecord,
  planImport,
} from './import-plan';

export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

type ImportEncoding = 'utf-8' | 'shift_jis';

export interface ImportReport {
  dryRun: boolean;
  encoding: ImportEncoding;
  columns: ImportPlan['columns'];
  /** `skipped`: the rows in error left out (skipInvalid), else 0. */
  summary: ImportPlan['summary'] & { skipped: number };
  /** The pens the import makes (§26): named in the file, not on the farm yet. A dry run makes none. */
  newPens: string[];
  rows: ImportPlan['rows'];
}

/** Animals whose history is recorded per batch: a few statements each, well inside a D1 batch. */
const HISTORY_CHUNK = 200;

const fileError = (message: string) => new AppError({ status: 400, code: 'IMPORT_FILE_INVALID', message });
export const fileTooLarge = () =>
  new AppError({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'ファイルが大きすぎます（2MBまで）' });

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Shift_JIS as Japanese Excel writes it (CP932). */
function decodeFile(bytes: Uint8Array): { text: string; encoding: ImportEncoding } {
  if (bytes.includes(0)) throw fileError('CSVファイルとして読めません（文字のファイルではありません）');
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    try {
      return {
        text: new TextDecoder('shift_jis', { fatal: true, ignoreBOM: false }).decode(bytes),
        encoding: 'shift_jis',
      };
    } catch {
      throw fileError('文字コードを判別できません（UTF-8 か Shift_JIS のCSVにしてください）');
    }
  }
}

/** CSV records with the line each starts on (the header is line 1). */
function readRecords(text: string): ImportRecord[] {
  try {
    const records = parse(text, {
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch (err) {
    throw fileError(
      `CSVとして読めません（${err instanceof Error ? err.message.replace(/^Invalid [^:]*: /, '') : String(err)}）`,
    );
  }
}

/**
 * Every animal of the farm that has a number, as an import compares them (one query); with history columns or 産次
 * in the file, the events of its animals on the farm too (one more round trip).
 */
async function existingAnimals(scope: Scope, records: readonly ImportRecord[]): Promise<Map<string, ExistingAnimal>> {
  const contexts = needsEventsOnRecord(records)
    ? await loadImportContexts(scope.db, scope.farmId, fileIdentificationNumbers(records))
    : new Map();
  const rows = await scope.db.all<Omit<ExistingAnimal, 'events'> & { arrivalDates: string | null }>(sql`
    select c.identification_number as identificationNumber, c.gender, c.ear_tag_number as earTagNumber, c.name,
      c.birthday, c.breed, c.weight, c.growth_stage as growthStage, c.barn, c.notes, c.status,
      (select p.name from pens p where p.pen_id = c.pen_id) as penName,
      case when bs.cattle_id is null then 0 else bs.initial_parity end as initialParity, mi.mother_identification_number as motherIdentificationNumber,
      bl.father_cattle_name as sireName,
      (select group_concat(date(e.event_datetime, '+9 hours')) from events e
        where e.cattle_id = c.cattle_id and e.event_type = 'ARRIVAL') as arrivalDates
    from cattle c
    left join breeding_status bs on bs.cattle_id = c.cattle_id
    left join mother_info mi on mi.cattle_id = c.cattle_id
    left join bloodline bl on bl.cattle_id = c.cattle_id
    where c.farm_id = ${scope.farmId} and c.identification_number is not null`);
  return new Map(
    rows.map((r) => [
      r.identificationNumber,
      {
        ...r,
        initialParity: r.initialParity === null ? null : Number(r.initialParity),
        arrivalDates: r.arrivalDates ? r.arrivalDates.split(',') : [],
        events: contexts.get(r.identificationNumber)?.events ?? [],
      },
    ]),
  );
}

/** The names of the farm's pens (§26), stored NFKC-normalised as the file's are read. */
async function farmPenNames(scope: Scope): Promise<Set<string>> {
  const rows = await scope.db.all<{ name: string }>(sql`select name from pens where farm_id = ${scope.farmId}`);
  return new Set(rows.map((r) => r.name));
}

/** The 個体識別番号 of the farm's animals in the trash (§23): an import may not register them again. */
async function trashedNumbers(scope: Scope): Promise<Set<string>> {
  const rows = await scope.db.all<{ identificationNumber: string }>(sql`
    select identification_number as identificationNumber from trash
    where farm_id = ${scope.farmId} and entity = 'cattle' and identification_number is not null`);
  return new Set(rows.map((r) => r.identificationNumber));
}

/**
 * Reads the file and answers its report; with `dryRun` false and no row in error, writes it all. A file with an
 * error row is refused whole (400 IMPORT_INVALID with the report, nothing written) unless `skipInvalid`: then the
 * valid rows are written and the rows in error counted as skipped (§20).
 */
export async function importHerd(
  scope: Scope,
  bytes: Uint8Array,
  { dryRun, skipInvalid = false }: { dryRun: boolean; skipInvalid?: boolean },
): Promise<ImportReport> {
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw fileTooLarge();
  const { text, encoding } = decodeFile(bytes);
  const records = readRecords(text);
  const today = todayJst();
  let plan: ImportPlan;
  try {
    const [existing, trashed, pens] = await Promise.all([
      existingAnimals(scope, records),
      trashedNumbers(scope),
      farmPenNames(scope),
    ]);
    plan = planImport(records, existing, today, trashed, pens);
  } catch (err) {
    if (err instanceof ImportFileError) throw fileError(err.message);
    throw err;
  }
  const skipped = skipInvalid ? plan.summary.errors : 0;
  const summary = { ...plan.summary, skipped };
  const report: ImportReport = {
    dryRun,
    encoding,
    columns: plan.columns,
    summary,
    newPens: plan.newPens,
    rows: plan.rows,
  };
  if (dryRun) return report;
  if (plan.summary.errors > 0 && !skipInvalid) {
    throw new AppError({ status: 400, code: 'IMPORT_INVALID', message: '取り込めない行があります', data: report });
  }
  await writePlan(scope, plan, today);
  return report;
}

/** Each animal's arrival and breeding history as one list of events, arrival first. */
function eventsToRecord(plan: ImportPlan): ImportPlan['histories'] {
  const byNumber = new Map<string, ImportPlan['histories'][number]>();
  for (const { identificationNumber, date } of plan.arrivals)
    byNumber.set(identificationNumber, { identificationNumber, events: [arrivalEvent(date)] });
  for (const history of plan.histories) {
    const arrival = byNumber.get(history.identificationNumber);
    byNumber.set(history.identificationNumber, {
      identificationNumber: history.identificationNumber,
      events: [...(arrival?.events ?? []), ...history.events],
    });
  }
  return [...byNumber.values()];
}

/**
 * The arrivals and history events each animal does not have yet, recorded as POST /events records them
 * (eventStatements: the event rows and the breeding state recomputed over all the animal's events), read and written a
 * chunk of animals at a time; a chunk another write got to first is read and written again (decision 025).
 */
async function writeHistories(scope: Scope, histories: ImportPlan['histories'], today: string) {
  for (let start = 0; start < histories.length; start += HISTORY_CHUNK) {
    const chunk = histories.slice(start, start + HISTORY_CHUNK);
    await withFreshState(async () => {
      const contexts = await loadImportContexts(
        scope.db,
        scope.farmId,
        chunk.map((h) => h.identificationNumber),
      );
      // Each animal's breeding state rows, kept KPI figures and programme enrolments are left out of her statements
      // and written for the whole chunk at the end of its batch: 7 statements for 200 cows instead of 7 each.
      const left: LeftRows[] = [];
      const statements = chunk.flatMap(({ identificationNumber, events }) => {
        const context = contexts.get(identificationNumber);
        const missing = context ? missingEvents(events, context.events) : [];
        if (!context || missing.length === 0) return [];
        const add = missing.map((e) => ({ ...e, source: 'import' as const }));
        const written = eventStatements(scope, context, { add }, { today, filings: false, rows: 'leave' });
        left.push(written.left);
        return written.statements;
      });
      await runGuardedBatch(scope.db, [...statements, ...leftStatements(scope, left, new Date().toISOString())]);
    });
  }
}

/** The updated animals whose registered parity the import set where it was unknown: their parity is still null. */
async function unknownParityMadeKnown(scope: Scope, plan: ImportPlan) {
  const given = plan.updates.filter((u) => u.parity !== undefined).map((u) => u.identificationNumber);
  if (given.length === 0) return [];
  return scope.db.all<{ id: number }>(sql`
    select c.cattle_id as id from json_each(${JSON.stringify(given)}) j
    cross join cattle c on c.farm_id = ${scope.farmId} and c.identification_number = j.value
    join breeding_status bs on bs.cattle_id = c.cattle_id
    where bs.parity is null and bs.initial_parity is not null`);
}

/**
 * The file's pens (§26) in the registration's batch: each made as POST /pens makes it (with its change-history row)
 * unless the farm has one of that name — one deleted since the preview is made again, so no animal is put in a pen
 * that is gone — then its animals put in it.
 */
function penStatements(scope: Scope, plan: ImportPlan, now: string): Statement[] {
  return plan.pens.flatMap(({ name, identificationNumbers }) => [
    insertPenStatement(scope, { name }, now, { ifAbsent: true }),
    auditStatement(scope, {
      action: 'create',
      entity: 'pen',
      entityId: penOfNameSql(scope.farmId, name),
      changes: { before: null, after: { name } },
      at: now,
      // Only for a pen the insert made.
      when: sql`changes() > 0`,
    }),
    ...penAnimalsStatements(scope, name, identificationNumbers, now),
  ]);
}

async function writePlan(scope: Scope, plan: ImportPlan, today: string) {
  const now = new Date().toISOString();
  const statements = [
    ...registerHerdStatements(scope, plan.creates, now),
    ...(plan.creates.length ? [linkMothersStatement(scope.farmId)] : []),
    ...updateHerdStatements(scope, plan.updates, now),
    ...penStatements(scope, plan, now),
  ];
  const histories = eventsToRecord(plan);
  if (statements.length === 0 && histories.length === 0) return;
  // One 'import' row in the change history per import, in the registration's batch (§23).
  const imported = { created: plan.creates.length, updated: plan.updates.length, histories: histories.length };
  const changes = Object.fromEntries(Object.entries(imported).map(([k, v]) => [k, [null, v] as [unknown, unknown]]));
  statements.push(auditStatement(scope, { action: 'import', entity: 'import', entityId: now, changes, at: now }));
  try {
    await runBatch(scope.db, statements);
  } catch (err) {
    // Another import or a form registered the same number meanwhile: nothing was written.
    if (isUniqueViolation(err, 'cattle.farm_id, cattle.identification_number')) {
      throw new AppError({
        status: 409,
        code: 'DUPLICATE_IDENTIFICATION_NUMBER',
        message: 'この個体識別番号は既に登録されています',
      });
    }
    throw err;
  }
  // A changed breed moves an expected calving (gestation): recompute the pregnant ones among them from their events.
  // A changed registration parity was adjusted in SQL, but an unknown one (§5) cannot be: those animals are recomputed.
  // Nothing else an import writes feeds the breeding state.
  const rebred = plan.updates.filter((u) => u.breed !== undefined).map((u) => u.identificationNumber);
  for (const animal of await unknownParityMadeKnown(scope, plan)) await recomputeAnimal(scope, animal.id);
  for (let start = 0; start < rebred.length; start += 90) {
    const pregnant = await scope.db
      .select({ id: cattle.cattleId })
      .from(cattle)
      .innerJoin(breedingStatus, eq(breedingStatus.cattleId, cattle.cattleId))
      .where(
        and(
          eq(cattle.farmId, scope.farmId),
          inArray(cattle.identificationNumber, rebred.slice(start, start + 90)),
          isNotNull(breedingStatus.expectedCalvingDate),
        ),
      );
    for (const animal of pregnant) await recomputeAnimal(scope, animal.id);
  }
  await writeHistories(scope, histories, today);
  await regenerateAlerts(scope.db, scope.farmId);
}
