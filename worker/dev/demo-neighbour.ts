/**
 * The demo's people (docs/product.md §20, turn 4): the demo owner is a person, 北 太郎, and the visiting inseminator
 * also serves a second, small demo farm — 南牧場（デモ） of 南 花子 — so 今日の巡回 (GET /me/today) shows two farms. The
 * neighbour's cows are written through the same use cases as the app's forms, and leave alerts due today or earlier:
 * a cow 75 days after calving and never served (high), and a cow past her calving date (overdue).
 */
import { and, eq, sql } from 'drizzle-orm';
import { regenerateAlerts } from '../alerts/regenerate';
import { createCattleSchema } from '../cattle/cattle.schemas';
import { registerHerd } from '../cattle/cattle.service';
import { directoryDb, farmDb } from '../db/client';
import { cattle, farmMembers, users } from '../db/schema';
import { addDays, type IsoDate, jstStartOfDay } from '../domain/calendar';
import { identificationFromNumber } from '../domain/identification';
import type { Env } from '../env';
import { recordEvents } from '../events/events.service';
import type { NewEvent } from '../events/events.statements';
import { createFarm } from '../farms/farms.service';
import { DEMO_INSEMINATOR_EMAIL } from './demo-filings';

/** The demo owner, a person; the name earlier demo databases gave the account was the farm's. */
export const DEMO_OWNER_NAME = '北 太郎';
const EARLIER_OWNER_NAME = '北牧場（デモ）';
const NEIGHBOUR_EMAIL = 'minami@ushicho.example';
const NEIGHBOUR_NAME = '南 花子';
const NEIGHBOUR_FARM_NAME = '南牧場（デモ）';

/** An instant at a JST hour of a calendar day. */
const at = (day: IsoDate, hour: number) => new Date(jstStartOfDay(day).getTime() + hour * 3600_000).toISOString();

/** 個体識別番号 of the neighbour's herd: a range the demo farm's plan never reaches. */
const number = (n: number) => identificationFromNumber(831_500_000 + n * 17);

function neighbourHerd(today: IsoDate) {
  const day = (offset: number) => addDays(today, offset);
  const cow = (n: number, name: string, birthOffset: number, parity: number) => ({
    name,
    identificationNumber: number(n),
    gender: '雌',
    growthStage: 'MULTI_PAROUS',
    birthday: day(birthOffset),
    breed: '黒毛和種',
    barn: '牛舎',
    producerName: '南牧場',
    breeding: { parity, breedingMemo: null },
  });
  const service = (offset: number): NewEvent => ({
    eventType: 'INSEMINATION',
    eventDatetime: at(day(offset), 9),
    details: { sireName: '美国桜', technician: '佐藤 授精師' },
  });
  return [
    {
      // Calved 75 days ago and not served since: 分娩後75日経過・未授精 (high, due 15 days ago).
      input: cow(1, 'はなえ', -6 * 365, 2),
      events: [
        {
          eventType: 'CALVING',
          eventDatetime: at(day(-75), 5),
          details: { calves: [{ gender: '雌', name: 'はなえ1', identificationNumber: number(11) }] },
        },
      ] as NewEvent[],
    },
    {
      // Served 300 days ago and confirmed pregnant: past her calving date (CALVING_OVERDUE).
      input: cow(2, 'みさき', -5 * 365, 1),
      events: [
        service(-300),
        { eventType: 'PREGNANCY_CHECK', eventDatetime: at(day(-265), 10), details: { result: 'PREGNANT' } },
      ] as NewEvent[],
    },
    {
      // Served 25 days ago: the pregnancy check comes.
      input: cow(3, 'ことり', -4 * 365, 1),
      events: [service(-25)],
    },
    {
      input: {
        name: 'ちか',
        identificationNumber: number(4),
        gender: '雌',
        growthStage: 'GROWING',
        birthday: day(-300),
        breed: '黒毛和種',
        barn: '育成舎',
        producerName: '南牧場',
      },
      events: [{ eventType: 'WEANING', eventDatetime: at(day(-300 + 110), 9) }] as NewEvent[],
    },
  ];
}

/** The neighbour and the farm she owns, created once; the inseminator a staff member there. */
async function neighbourFarm(env: Env, passwordHash: () => Promise<string>) {
  const db = directoryDb(env);
  const [found] = await db
    .select({ id: users.id, farmId: farmMembers.farmId })
    .from(users)
    .leftJoin(farmMembers, and(eq(farmMembers.userId, users.id), eq(farmMembers.role, 'owner')))
    .where(eq(users.email, NEIGHBOUR_EMAIL))
    .limit(1);
  const userId =
    found?.id ??
    (
      await db
        .insert(users)
        .values({
          email: NEIGHBOUR_EMAIL,
          userName: NEIGHBOUR_NAME,
          passwordHash: await passwordHash(),
          isVerified: true,
          oauthProvider: 'email',
        })
        .returning({ id: users.id })
    )[0].id;
  const farmId = found?.farmId ?? (await createFarm(env, userId, NEIGHBOUR_FARM_NAME));
  const [inseminator] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_INSEMINATOR_EMAIL));
  if (inseminator) {
    await db
      .insert(farmMembers)
      .values({ farmId, userId: inseminator.id, role: 'staff' })
      .onConflictDoNothing({ target: [farmMembers.farmId, farmMembers.userId] });
  }
  return { userId, farmId };
}

/**
 * The demo's people, on every seeding (a database seeded before them gets them too): the owner named as a person, and
 * the neighbour's farm with its herd when it has none yet.
 */
export async function seedDemoPeople(env: Env, ownerId: number, passwordHash: () => Promise<string>, today: IsoDate) {
  const db = directoryDb(env);
  await db
    .update(users)
    .set({ userName: DEMO_OWNER_NAME })
    .where(and(eq(users.id, ownerId), eq(users.userName, EARLIER_OWNER_NAME)));
  const { userId, farmId } = await neighbourFarm(env, passwordHash);
  const shard = await farmDb(env, farmId);
  const [herd] = await shard.select({ animals: sql<number>`count(*)` }).from(cattle).where(eq(cattle.farmId, farmId));
  if (herd.animals > 0) return;
  const scope = { db: shard, farmId, userId, userName: NEIGHBOUR_NAME, actor: 'system' };
  const plan = neighbourHerd(today);
  const ids = await registerHerd(
    scope,
    plan.map((animal) => createCattleSchema.parse(animal.input)),
  );
  for (const [i, animal] of plan.entries()) await recordEvents(scope, ids[i], animal.events, { today });
  await regenerateAlerts(shard, farmId, undefined, { today });
}
