/**
 * What the change history's rows point at, read for a page of rows (docs/product.md §23, turn 4): each row's animal
 * (by its event, shipment, filing, task or alert), the event type, filing kind, alert type, task title and programme
 * name, and the animals and people its values name — so the page reads in a farmer's words, never in ids.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { AuditAnimal, AuditNames } from '../domain/audit-values';
import type { AuditFacts, AuditSubject } from '../domain/audit-words';

type Row = AuditFacts & { id: number };
type Found = Record<string, unknown>;

const ids = (rows: Row[], entity: string) =>
  JSON.stringify([...new Set(rows.filter((r) => r.entity === entity).map((r) => r.entityId))]);

/** Every animal id a value names: cattleId, cattleIds, motherCattleId, a calf's cattleId, at any depth. */
function animalIdsIn(value: unknown, into: Set<number>, key = ''): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const v of value) animalIdsIn(v, into, key);
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) animalIdsIn(v, into, k);
    return;
  }
  if ((key === 'cattleId' || key === 'cattleIds' || key === 'motherCattleId') && Number.isInteger(Number(value))) {
    into.add(Number(value));
  }
}

/** Every user id a value names (a task's assignee) or a member row is about. */
function userIdsIn(rows: Row[]): number[] {
  const found = new Set<number>();
  for (const row of rows) {
    if (row.entity === 'member' && row.action !== 'invite' && Number.isInteger(Number(row.entityId)))
      found.add(Number(row.entityId));
    for (const v of row.changes.assigneeUserId ?? []) if (typeof v === 'number') found.add(v);
  }
  return [...found];
}

const byKey = (rows: Found[], key: string) => new Map(rows.map((r) => [String(r[key]), r]));

/** The subjects and names of a page of rows; `userNames` reads people's names from the directory. */
export async function auditNames(
  db: Db,
  farmId: number,
  rows: Row[],
  userNames: (ids: number[]) => Promise<Map<number, string>>,
): Promise<{ subjects: AuditSubject[]; names: AuditNames }> {
  const [events, shipments, filings, tasks, alerts, programmes] = await Promise.all([
    db.all(sql`select event_id k, cattle_id c, event_type t from events
      where farm_id = ${farmId} and event_id in (select value from json_each(${ids(rows, 'event')}))`),
    db.all(sql`select shipment_id k, cattle_id c from shipments
      where farm_id = ${farmId} and shipment_id in (select value from json_each(${ids(rows, 'shipment')}))`),
    db.all(sql`select filing_id k, cattle_id c, kind t from filings
      where farm_id = ${farmId} and filing_id in (select value from json_each(${ids(rows, 'filing')}))`),
    db.all(sql`select id k, cattle_id c, title t, programme_id p from tasks
      where farm_id = ${farmId} and id in (select value from json_each(${ids(rows, 'task')}))`),
    db.all(sql`select id k, cattle_id c, type t from alerts
      where farm_id = ${farmId} and id in (select value from json_each(${ids(rows, 'alert')}))`),
    db.all(sql`select id k, name n from programmes
      where farm_id = ${farmId} and id in (select value from json_each(${ids(rows, 'programme')}))`),
  ]);
  const found = {
    event: byKey(events as Found[], 'k'),
    shipment: byKey(shipments as Found[], 'k'),
    filing: byKey(filings as Found[], 'k'),
    task: byKey(tasks as Found[], 'k'),
    alert: byKey(alerts as Found[], 'k'),
  };
  const programmeNames = byKey(programmes as Found[], 'k');
  await fillFromHistory(db, farmId, rows, found, programmeNames);

  const animalOf = (row: Row): number | null => {
    if (row.entity === 'cattle' || row.entity === 'plan') return Number(row.entityId);
    const hit = (found as Record<string, Map<string, Found>>)[row.entity]?.get(row.entityId);
    if (hit && hit.c !== null && hit.c !== undefined) return Number(hit.c);
    const recorded = row.changes.cattleId ?? (row.changes.cancelledEnrolment?.[0] as Found | undefined)?.cattleId;
    const id = Array.isArray(recorded) ? (recorded[1] ?? recorded[0]) : recorded;
    return id === null || id === undefined ? null : Number(id);
  };
  const wanted = new Set<number>();
  for (const row of rows) {
    const id = animalOf(row);
    if (id !== null) wanted.add(id);
    animalIdsIn(row.changes, wanted);
  }
  const [animals, users] = await Promise.all([animalsById(db, farmId, [...wanted]), userNames(userIdsIn(rows))]);
  const subjects = rows.map((row): AuditSubject => {
    const id = animalOf(row);
    const hit = (found as Record<string, Map<string, Found>>)[row.entity]?.get(row.entityId);
    const text = (v: unknown) => (typeof v === 'string' ? v : null);
    return {
      ...(id !== null ? { animal: animals.get(id) ?? null } : {}),
      eventType: row.entity === 'event' ? text(hit?.t) : null,
      filingKind: row.entity === 'filing' ? text(hit?.t) : null,
      alertType: row.entity === 'alert' ? text(hit?.t) : null,
      taskTitle: row.entity === 'task' ? text(hit?.t) : null,
      programmeName: row.entity === 'programme' ? text(programmeNames.get(row.entityId)?.n) : null,
    };
  });
  return { subjects, names: { animals, users } };
}

/** The animals by id: on the farm, or else as their delete recorded them (an animal in the trash or purged). */
async function animalsById(db: Db, farmId: number, wanted: number[]): Promise<Map<number, AuditAnimal>> {
  const list = JSON.stringify(wanted);
  const [live, gone] = await Promise.all([
    db.all(sql`select cattle_id k, ear_tag_number e, name n, identification_number i from cattle
      where farm_id = ${farmId} and cattle_id in (select value from json_each(${list}))`),
    db.all(sql`select entity_id k, changes from audit_log where farm_id = ${farmId} and entity = 'cattle'
      and action = 'delete' and entity_id in (select cast(value as text) from json_each(${list}))`),
  ]);
  const animals = new Map<number, AuditAnimal>();
  for (const g of gone as Found[]) {
    const before = (k: string) =>
      ((JSON.parse(String(g.changes)) as Record<string, [unknown, unknown]>)[k]?.[0] ?? null) as string | null;
    animals.set(Number(g.k), {
      earTagNumber: before('earTagNumber'),
      name: before('name'),
      identificationNumber: before('identificationNumber'),
    });
  }
  for (const a of live as Found[]) {
    animals.set(Number(a.k), {
      earTagNumber: a.e as string | null,
      name: a.n as string | null,
      identificationNumber: a.i as string | null,
    });
  }
  return animals;
}

/** People's names from the directory (members and assignees live there, the audit rows on the farm's shard). */
export const directoryUserNames =
  (directory: Db) =>
  async (ids: number[]): Promise<Map<number, string>> => {
    if (ids.length === 0) return new Map();
    const found = await directory
      .select({ id: users.id, name: users.userName })
      .from(users)
      .where(inArray(users.id, ids.slice(0, 90)));
    return new Map(found.map((u) => [u.id, u.name]));
  };

/**
 * Events, shipments and programmes no longer on the farm (deleted, purged from the trash): what their own history
 * rows recorded of them — the animal, the event type, the programme's name — newest first.
 */
async function fillFromHistory(
  db: Db,
  farmId: number,
  rows: Row[],
  found: Record<'event' | 'shipment', Map<string, Found>>,
  programmeNames: Map<string, Found>,
): Promise<void> {
  const missing = rows.filter(
    (r) =>
      ((r.entity === 'event' || r.entity === 'shipment') && !found[r.entity].has(r.entityId)) ||
      (r.entity === 'programme' && !programmeNames.has(r.entityId)),
  );
  if (missing.length === 0) return;
  const keys = JSON.stringify([...new Set(missing.map((r) => `${r.entity}:${r.entityId}`))]);
  const recorded = (await db.all(sql`select entity, entity_id, changes from audit_log
    where farm_id = ${farmId} and entity in ('event', 'shipment', 'programme')
      and entity || ':' || entity_id in (select value from json_each(${keys}))
    order by at desc, id desc`)) as Found[];
  for (const r of recorded) {
    const changes = JSON.parse(String(r.changes)) as Record<string, [unknown, unknown]>;
    const latest = (k: string) => changes[k]?.[1] ?? changes[k]?.[0] ?? null;
    const id = String(r.entity_id);
    if (r.entity === 'programme') {
      if (!programmeNames.has(id) && latest('name') !== null) programmeNames.set(id, { k: id, n: latest('name') });
      continue;
    }
    const table = found[r.entity as 'event' | 'shipment'];
    const known = table.get(id) ?? { k: id, c: null, t: null };
    if (known.c === null && latest('cattleId') !== null) known.c = latest('cattleId');
    if (known.t === null && latest('eventType') !== null) known.t = latest('eventType');
    table.set(id, known);
  }
}
