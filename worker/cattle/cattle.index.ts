import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { regenerateAlerts } from '../alerts/regenerate';
import { dayCountsAsOf } from '../breeding/engine';
import { loadBreedingContext, recomputeStatements } from '../breeding/recompute';
import { batchStatements } from '../db/batch';
import { type Db, getDb } from '../db/client';
import { bloodline, breedingStatus, breedingSummary, cattle, motherInfo } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { csvResponse } from '../lib/csv';
import { AppError, forbidden, notFound } from '../lib/errors';
import { createRouter } from '../lib/http';
import { ageFromBirthday, todayJst } from '../lib/jst';
import {
  CATTLE_STATUSES,
  type CattleStatus,
  GENDER_LABELS,
  type Gender,
  GROWTH_STAGE_LABELS,
  type GrowthStage,
  STATUS_LABELS,
} from './cattle.enums';
import {
  cattleOwner,
  listCattle,
  loadCattleDetail,
  ownedCattle,
  registerForExport,
  statusCounts,
  statusHistory,
  toCattleView,
} from './cattle.queries';
import * as routes from './cattle.routes';
import type { createCattleSchema, updateCattleSchema } from './cattle.schemas';
import { statusChangeStatements } from './status-history';

const EXPORT_HEADERS = [
  '個体識別番号',
  '耳標番号',
  '名前',
  '性別',
  '成長段階',
  '生年月日',
  '月齢',
  '品種',
  '状態',
  '牛舎',
  '体重(kg)',
  '評価',
  '生産者',
  '育種価',
  '産次',
  '分娩予定日',
  '父牛',
  '母の父',
  '母の祖父',
  '母の曾祖父',
  '母牛名',
  '母牛個体識別番号',
  '備考',
];

const cattleNotFound = () => notFound('指定された牛が見つかりません', 'CATTLE_NOT_FOUND');
const duplicateIdentification = () =>
  new AppError(
    409,
    'DUPLICATE_IDENTIFICATION_NUMBER',
    'この個体識別番号は既に登録されています',
    'identificationNumber',
  );

type CreateInput = z.output<typeof createCattleSchema>;
type UpdateInput = z.output<typeof updateCattleSchema>;

const isDuplicateIdentification = (err: unknown) =>
  isUniqueViolation(err, 'cattle.owner_user_id, cattle.identification_number');

/** Checks the animal exists and is the owner's: 404 when it does not exist, 403 with `forbiddenMessage` when not theirs. */
async function requireOwnedForChange(db: Db, ownerId: number, cattleId: number, forbiddenMessage: string) {
  const owner = await cattleOwner(db, cattleId);
  if (!owner) throw cattleNotFound();
  if (owner.ownerUserId !== ownerId) throw forbidden(forbiddenMessage);
  return owner;
}

/** A mother given by id must be one of the owner's animals; one given by ID number is linked when it is. */
function motherCattleIdSql(ownerId: number, info: NonNullable<CreateInput['motherInfo']>) {
  if (info.motherCattleId) {
    return sql`(select cattle_id from cattle where cattle_id = ${info.motherCattleId} and owner_user_id = ${ownerId})`;
  }
  if (info.motherIdentificationNumber) {
    return sql`(select cattle_id from cattle where identification_number = ${info.motherIdentificationNumber} and owner_user_id = ${ownerId})`;
  }
  return sql`null`;
}

async function assertMotherOwned(db: Db, ownerId: number, motherCattleId: number | null | undefined, selfId?: number) {
  if (!motherCattleId) return;
  const mother = await cattleOwner(db, motherCattleId);
  if (!mother || mother.ownerUserId !== ownerId || motherCattleId === selfId) {
    throw new AppError(400, 'VALIDATION_ERROR', '母牛が見つかりません', 'motherInfo.motherCattleId');
  }
}

function cattleColumns<T extends CreateInput | UpdateInput>(input: T) {
  const { bloodline: _b, motherInfo: _m, breeding: _br, ...fields } = input;
  return fields;
}

async function detailView(db: Db, ownerId: number, cattleId: number) {
  const detail = await loadCattleDetail(db, ownerId, cattleId);
  if (!detail) throw cattleNotFound();
  const today = todayJst();
  return {
    ...toCattleView(detail.row, today),
    breedingStatus: detail.breedingStatus
      ? { ...detail.breedingStatus, ...dayCountsAsOf(detail.breedingStatus, today) }
      : null,
    bloodline: detail.bloodline,
    motherInfo: detail.motherInfo,
    breedingSummary: detail.breedingSummary,
    events: detail.events.map((e) => ({
      ...e,
      cattleName: detail.row.name,
      cattleEarTagNumber: detail.row.earTagNumber,
    })),
    alerts: detail.alerts,
    calves: detail.calves,
  };
}

/**
 * The statements that register one animal with its empty breeding_status and breeding_summary rows, bloodline and
 * mother: one atomic batch. Later rows find the animal by (owner, identification number), which is unique.
 */
export function createCattleStatements(db: Db, ownerId: number, input: CreateInput, now = new Date().toISOString()) {
  const parity = input.breeding?.parity ?? 0;
  const batch: unknown[] = [
    db
      .insert(cattle)
      .values({
        ...cattleColumns(input),
        ownerUserId: ownerId,
        status: input.status ?? 'HEALTHY',
        createdAt: now,
        updatedAt: now,
      }),
    sql`insert into breeding_status (cattle_id, initial_parity, parity, breeding_memo)
      select cattle_id, ${parity}, ${parity}, ${input.breeding?.breedingMemo ?? null} from cattle
      where owner_user_id = ${ownerId} and identification_number = ${input.identificationNumber}`,
    sql`insert into breeding_summary (cattle_id)
      select cattle_id from cattle where owner_user_id = ${ownerId} and identification_number = ${input.identificationNumber}`,
  ];
  if (input.bloodline && Object.values(input.bloodline).some(Boolean)) {
    const b = input.bloodline;
    batch.push(
      sql`insert into bloodline (cattle_id, father_cattle_name, mother_father_cattle_name, mother_grand_father_cattle_name, mother_great_grand_father_cattle_name)
        select cattle_id, ${b.fatherCattleName ?? null}, ${b.motherFatherCattleName ?? null}, ${b.motherGrandFatherCattleName ?? null}, ${b.motherGreatGrandFatherCattleName ?? null}
        from cattle where owner_user_id = ${ownerId} and identification_number = ${input.identificationNumber}`,
    );
  }
  if (input.motherInfo && Object.values(input.motherInfo).some((v) => v !== null && v !== undefined)) {
    const m = input.motherInfo;
    batch.push(
      sql`insert into mother_info (cattle_id, mother_cattle_id, mother_name, mother_identification_number, mother_score)
        select cattle_id, ${motherCattleIdSql(ownerId, m)}, ${m.motherName ?? null}, ${m.motherIdentificationNumber ?? null}, ${m.motherScore ?? null}
        from cattle where owner_user_id = ${ownerId} and identification_number = ${input.identificationNumber}`,
    );
  }
  return batch;
}

export const cattleRouter = createRouter()
  .openapi(routes.list, async (c) => {
    const data = await listCattle(getDb(c.env), c.get('userId'), c.req.valid('query'));
    return c.json({ data }, 200);
  })
  .openapi(routes.statusCounts, async (c) => {
    const rows = await statusCounts(getDb(c.env), c.get('userId'));
    const counts: Record<string, number> = Object.fromEntries(CATTLE_STATUSES.map((s) => [s, 0]));
    for (const row of rows) counts[row.status] = row.count;
    counts.total = rows.reduce((sum, r) => sum + r.count, 0);
    return c.json({ data: counts }, 200);
  })
  .openapi(routes.exportCsv, async (c) => {
    const today = todayJst();
    const rows = await registerForExport(getDb(c.env), c.get('userId'));
    const body = rows.map(({ row, breeding, bloodline: b, mother }) => {
      const age = ageFromBirthday(row.birthday, today);
      return [
        row.identificationNumber,
        row.earTagNumber,
        row.name,
        row.gender ? (GENDER_LABELS[row.gender as Gender]?.ja ?? row.gender) : null,
        row.growthStage ? (GROWTH_STAGE_LABELS[row.growthStage as GrowthStage]?.ja ?? row.growthStage) : null,
        row.birthday?.replaceAll('-', '/'),
        age.monthsOld,
        row.breed,
        STATUS_LABELS[row.status as CattleStatus]?.ja ?? row.status,
        row.barn,
        row.weight,
        row.score,
        row.producerName,
        row.breedingValue,
        breeding?.parity,
        breeding?.expectedCalvingDate?.replaceAll('-', '/'),
        b?.fatherCattleName,
        b?.motherFatherCattleName,
        b?.motherGrandFatherCattleName,
        b?.motherGreatGrandFatherCattleName,
        mother?.motherName,
        mother?.motherIdentificationNumber,
        row.notes,
      ];
    });
    return csvResponse(`牛台帳_${today}.csv`, EXPORT_HEADERS, body) as never;
  })
  .openapi(routes.detail, async (c) => {
    const data = await detailView(getDb(c.env), c.get('userId'), c.req.valid('param').id);
    return c.json({ data }, 200);
  })
  .openapi(routes.create, async (c) => {
    const input = c.req.valid('json');
    const ownerId = c.get('userId');
    const db = getDb(c.env);
    await assertMotherOwned(db, ownerId, input.motherInfo?.motherCattleId);
    const self = () =>
      db
        .select({ id: cattle.cattleId })
        .from(cattle)
        .where(and(ownedCattle(ownerId), eq(cattle.identificationNumber, input.identificationNumber)));
    const batch = createCattleStatements(db, ownerId, input);
    try {
      await batchStatements(c.env.DB, batch as never);
    } catch (err) {
      if (isDuplicateIdentification(err)) throw duplicateIdentification();
      throw err;
    }
    const [created] = await self();
    return c.json({ data: await detailView(db, ownerId, created.id) }, 201);
  })
  .openapi(routes.update, async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const ownerId = c.get('userId');
    const db = getDb(c.env);
    const current = await requireOwnedForChange(db, ownerId, id, 'この牛の更新権限がありません');
    await assertMotherOwned(db, ownerId, input.motherInfo?.motherCattleId, id);
    const now = new Date().toISOString();
    const fields = cattleColumns(input);
    const { status, ...rest } = fields;
    const batch: unknown[] = [
      db
        .update(cattle)
        .set({ ...rest, updatedAt: now, version: sql`${cattle.version} + 1` })
        .where(and(eq(cattle.cattleId, id), ownedCattle(ownerId))),
    ];
    if (status)
      batch.push(
        ...statusChangeStatements(db, {
          cattleId: id,
          oldStatus: current.status,
          newStatus: status,
          changedBy: String(ownerId),
        }),
      );
    if (input.bloodline) {
      batch.push(
        db
          .insert(bloodline)
          .values({ cattleId: id, ...input.bloodline })
          .onConflictDoUpdate({ target: bloodline.cattleId, set: input.bloodline }),
      );
    }
    if (input.motherInfo) {
      const { motherCattleId, ...m } = input.motherInfo;
      const values = { ...m, ...(motherCattleId !== undefined ? { motherCattleId } : {}) };
      batch.push(
        db
          .insert(motherInfo)
          .values({ cattleId: id, ...values })
          .onConflictDoUpdate({ target: motherInfo.cattleId, set: values }),
      );
    }
    if (input.breeding) {
      const { parity, breedingMemo } = input.breeding;
      batch.push(
        db
          .update(breedingStatus)
          .set({
            ...(parity !== undefined
              ? {
                  initialParity: parity,
                  parity: sql`${parity} + ${breedingStatus.parity} - ${breedingStatus.initialParity}`,
                }
              : {}),
            ...(breedingMemo !== undefined ? { breedingMemo } : {}),
            updatedAt: now,
          })
          .where(eq(breedingStatus.cattleId, id)),
      );
    }
    try {
      await db.batch(batch as never);
    } catch (err) {
      if (isDuplicateIdentification(err)) throw duplicateIdentification();
      throw err;
    }
    // Breed (gestation length) and earlier calvings feed the breeding state: recompute it from the events.
    if (input.breed !== undefined || input.breeding?.parity !== undefined) {
      const context = await loadBreedingContext(db, ownerId, id);
      if (context) {
        const { statements } = recomputeStatements(db, {
          context,
          eventsAfter: context.events,
          touched: [],
          changedBy: String(ownerId),
        });
        await batchStatements(c.env.DB, statements as never);
      }
    }
    if (status || input.breed !== undefined || input.breeding?.parity !== undefined)
      await regenerateAlerts(db, ownerId, [id]);
    return c.json({ data: await detailView(db, ownerId, id) }, 200);
  })
  .openapi(routes.remove, async (c) => {
    const { id } = c.req.valid('param');
    const ownerId = c.get('userId');
    const db = getDb(c.env);
    await requireOwnedForChange(db, ownerId, id, 'この牛の削除権限がありません');
    await db.delete(cattle).where(and(eq(cattle.cattleId, id), ownedCattle(ownerId)));
    return c.json({ success: true as const, message: '牛が正常に削除されました' }, 200);
  })
  .openapi(routes.changeStatus, async (c) => {
    const { id } = c.req.valid('param');
    const { status, reason } = c.req.valid('json');
    const ownerId = c.get('userId');
    const db = getDb(c.env);
    const current = await requireOwnedForChange(db, ownerId, id, 'この牛の更新権限がありません');
    const statements = statusChangeStatements(db, {
      cattleId: id,
      oldStatus: current.status,
      newStatus: status,
      changedBy: String(ownerId),
      reason,
    });
    if (statements.length) {
      await db.batch(statements as never);
      await regenerateAlerts(db, ownerId, [id]);
    }
    const [row] = await db
      .select()
      .from(cattle)
      .where(and(eq(cattle.cattleId, id), ownedCattle(ownerId)));
    return c.json({ data: toCattleView(row) }, 200);
  })
  .openapi(routes.history, async (c) => {
    const { id } = c.req.valid('param');
    const ownerId = c.get('userId');
    const db = getDb(c.env);
    const [rows, owned] = await db.batch([
      statusHistory(db, ownerId, id),
      db
        .select({ id: cattle.cattleId })
        .from(cattle)
        .where(and(eq(cattle.cattleId, id), ownedCattle(ownerId)))
        .limit(1),
    ]);
    if (owned.length === 0) throw cattleNotFound();
    return c.json({ data: rows }, 200);
  });
