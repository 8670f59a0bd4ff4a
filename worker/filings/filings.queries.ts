/**
 * Reading the farm's NLBC filings (docs/product.md §21): each filing row with the facts its fields come from — the
 * animal (ID, birthday, sex, breed), its dam's ID, the event's counterparty or disposal details and, for a move-out,
 * its shipment record's. The fields and what is missing are computed here, on read, so a calf tagged later or an
 * event's details corrected show at once.
 */
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';
import { cattle, events, filings, motherInfo, shipments } from '../db/schema';
import type { Scope } from '../db/scope';
import { type IsoDate, todayJst } from '../domain/calendar';
import { type FilingFacts, type FilingKind, filingAnimalLabel, filingFields, isFilingOverdue } from '../domain/filings';
import { decodeCursor, encodeCursor } from '../lib/cursor';
import type { Filing, FilingStatus } from './filings.schemas';

const DEFAULT_LIMIT = 50;

const detail = (key: string) => sql<string | null>`json_extract(${events.details}, ${`$.${key}`})`;

function filingRows(db: Db, where: SQL | undefined, limit?: number) {
  const mother = alias(cattle, 'mother');
  const query = db
    .select({
      id: filings.filingId,
      kind: filings.kind,
      cattleId: filings.cattleId,
      eventId: filings.eventId,
      eventDate: filings.eventDate,
      dueDate: filings.dueDate,
      status: filings.status,
      filedAt: filings.filedAt,
      filedBy: filings.filedBy,
      filedByName: filings.filedByName,
      eventDeleted: filings.eventDeleted,
      identificationNumber: cattle.identificationNumber,
      earTagNumber: cattle.earTagNumber,
      name: cattle.name,
      birthday: cattle.birthday,
      gender: cattle.gender,
      breed: cattle.breed,
      motherIdentificationNumber: sql<
        string | null
      >`coalesce(${mother.identificationNumber}, ${motherInfo.motherIdentificationNumber})`,
      motherEarTagNumber: mother.earTagNumber,
      motherName: sql<string | null>`coalesce(${mother.name}, ${motherInfo.motherName})`,
      fromFarmerCode: detail('fromFarmerCode'),
      fromName: detail('fromName'),
      toFarmerCode: sql<string | null>`coalesce(${detail('toFarmerCode')}, ${shipments.toFarmerCode})`,
      toName: sql<string | null>`coalesce(${detail('toName')}, ${shipments.toName}, ${shipments.buyer})`,
      disposalCode: detail('disposalCode'),
    })
    .from(filings)
    .innerJoin(cattle, and(eq(cattle.cattleId, filings.cattleId), eq(cattle.farmId, filings.farmId)))
    .leftJoin(events, and(eq(events.eventId, filings.eventId), eq(events.farmId, filings.farmId)))
    .leftJoin(shipments, and(eq(shipments.eventId, filings.eventId), eq(shipments.farmId, filings.farmId)))
    .leftJoin(motherInfo, eq(motherInfo.cattleId, filings.cattleId))
    .leftJoin(mother, and(eq(mother.cattleId, motherInfo.motherCattleId), eq(mother.farmId, filings.farmId)))
    .where(where)
    .orderBy(asc(filings.dueDate), asc(filings.filingId));
  return limit === undefined ? query : query.limit(limit);
}

type FilingRow = Awaited<ReturnType<typeof filingRows>>[number];

/** The facts of a filing's fields: the farm's farmer code and the row's animal, dam and event. */
function factsOf(row: FilingRow, farmerCode: string | null): FilingFacts {
  const moveIn = row.kind === 'MOVE_IN';
  return {
    farmerCode,
    identificationNumber: row.identificationNumber,
    birthday: row.birthday,
    gender: row.gender,
    breed: row.breed,
    motherIdentificationNumber: row.motherIdentificationNumber,
    date: row.eventDate,
    counterpartyCode: moveIn ? row.fromFarmerCode : row.toFarmerCode,
    counterpartyName: moveIn ? row.fromName : row.toName,
    disposalCode: row.disposalCode,
  };
}

/** A filing as the API answers it, with its fields and what is still missing. */
function filingView(row: FilingRow, farmerCode: string | null, today: IsoDate): Filing {
  const { fields, missing } = filingFields(row.kind as FilingKind, factsOf(row, farmerCode));
  return {
    id: row.id,
    kind: row.kind,
    cattleId: row.cattleId,
    identificationNumber: row.identificationNumber || null,
    earTagNumber: row.earTagNumber,
    name: row.name,
    label: filingAnimalLabel({
      earTagNumber: row.earTagNumber,
      name: row.name,
      identificationNumber: row.identificationNumber,
      mother: { earTagNumber: row.motherEarTagNumber, name: row.motherName },
    }),
    eventId: row.eventId,
    eventDate: row.eventDate,
    dueDate: row.dueDate,
    status: row.status as FilingStatus,
    overdue: row.status === 'pending' && isFilingOverdue(row.dueDate, today),
    filedAt: row.filedAt,
    filedBy: row.filedBy === null ? null : { userId: row.filedBy, userName: row.filedByName ?? '' },
    eventDeleted: row.eventDeleted,
    fields,
    missing,
  };
}

const farmFilings = (farmId: number, filter: { status?: FilingStatus; kind?: FilingKind }) =>
  and(
    eq(filings.farmId, farmId),
    filter.status ? eq(filings.status, filter.status) : undefined,
    filter.kind ? eq(filings.kind, filter.kind) : undefined,
  );

/** A page of the farm's filings, oldest due first (GET /filings). */
export async function listFilings(
  scope: Pick<Scope, 'db' | 'farmId'>,
  farmerCode: string | null,
  query: { status?: FilingStatus; kind?: FilingKind; cursor?: string; limit?: number },
) {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const cursor = decodeCursor(query.cursor);
  const after = cursor
    ? or(
        gt(filings.dueDate, String(cursor.v)),
        and(eq(filings.dueDate, String(cursor.v)), gt(filings.filingId, cursor.id)),
      )
    : undefined;
  const rows = await filingRows(scope.db, and(farmFilings(scope.farmId, query), after), limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const today = todayJst();
  return {
    data: page.map((r) => filingView(r, farmerCode, today)),
    nextCursor: rows.length > limit && last ? encodeCursor({ v: last.dueDate, id: last.id }) : null,
  };
}

/** Every filing of the farm matching the filter (the CSV export), oldest due first. */
export async function allFilings(
  scope: Pick<Scope, 'db' | 'farmId'>,
  farmerCode: string | null,
  filter: { status?: FilingStatus; kind?: FilingKind },
) {
  const rows = await filingRows(scope.db, farmFilings(scope.farmId, filter));
  const today = todayJst();
  return rows.map((r) => filingView(r, farmerCode, today));
}

/** The farm's filings with these ids (another farm's are not found). */
export async function filingsByIds(scope: Pick<Scope, 'db' | 'farmId'>, farmerCode: string | null, ids: number[]) {
  const rows = await filingRows(scope.db, and(eq(filings.farmId, scope.farmId), inArray(filings.filingId, ids)));
  const today = todayJst();
  return rows.map((r) => filingView(r, farmerCode, today));
}
