/**
 * Development-only bulk generator for the benchmark (`npm run bench`): large herds written through the app's own
 * statement builders, in chunks the benchmark calls one after another.
 * - Animals are inserted like POST /cattle does (cattle row, then breeding rows, bloodline and mother_info).
 * - Their events go through eventStatements — the builder of POST /events — so breeding state, status,
 *   growth stage and weight are recomputed by the breeding engine exactly as the event routes do.
 * - Shipments and plans are written with the same statements as POST /shipments and POST /shipments/plans
 *   (shipment row with its SHIPMENT event among the animal's; plan row plus SCHEDULED_FOR_SHIPMENT).
 * Everything is deterministic for a given owner, herd size and index, so chunks can be generated independently.
 */

import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { issueSession, SESSION_SECONDS } from '../auth/tokens';
import { newAnimalContext } from '../breeding/recompute';
import { registerHerd } from '../cattle/cattle.service';
import { type RegisterCattleInput, registeredAnimal } from '../cattle/cattle.statements';
import { runBatch, type Statement } from '../db/batch';
import { directoryDb, farmDb } from '../db/client';
import { type cattle, sessions, users } from '../db/schema';
import type { Scope } from '../db/scope';
import { addDays, addMonths, type IsoDate, jstMonth, todayJst } from '../domain/calendar';
import { eventStatements, type NewEvent } from '../events/events.statements';
import { ensureOwnFarm } from '../farms/farms.service';
import { createRouter, jsonBody, jsonContent } from '../lib/http';
import { seededRandom } from '../lib/seeded-random';
import { planShipmentStatements, shipmentEvent, shipmentRowStatements } from '../shipments/shipments.statements';

const SIRES = ['安福久', '美国桜', '百合茂', '勝早桜5', '福之姫', '若百合', '幸紀雄', '茂福久', '諒太郎'];
const MATERNAL = ['安平', '平茂勝', '北国7の8', '糸桜', '金幸', '忠富士', '第1花国'];
const NAMES = [
  'ふく',
  'はる',
  'ゆき',
  'さち',
  'みつ',
  'たま',
  'きく',
  'まる',
  'こう',
  'ひで',
  'かつ',
  'もも',
  'はな',
  'さくら',
];
const BARNS = ['第1牛舎', '第2牛舎', '第3牛舎', '育成舎', '肥育舎'];
const CALF_MARKETS = ['全農 鹿児島中央家畜市場', '全農 宮崎中央家畜市場', '全農 熊本家畜市場'];
const MEAT_MARKETS = ['東京都中央卸売市場食肉市場', '大阪市中央卸売市場南港市場'];
const VACCINES = ['5種混合', 'イバラキ病', 'ヨーネ', '牛伝染性鼻気管炎'];

/** Shares of the living herd: breeding cows, heifers, fattening steers, then calves. */
const COW_SHARE = 0.45;
const HEIFER_SHARE = 0.1;
const FATTENING_SHARE = 0.15;
const HISTORY_DAYS = 5 * 365;

/** A 10-digit 個体識別番号 with its leading zero, as on a real tag: 08 + farm + index. */
const identificationNumber = (farmId: number, index: number) =>
  `08${String(farmId * 100_000 + index).padStart(8, '0')}`;
const instant = (date: IsoDate, hour = 9) =>
  new Date(`${date}T${String(hour).padStart(2, '0')}:00:00+09:00`).toISOString();
const cowCount = (herdSize: number) => Math.max(1, Math.floor(herdSize * COW_SHARE));

type Role = 'cow' | 'heifer' | 'fattening' | 'calf';
function roleOf(index: number, herdSize: number): Role {
  const share = index / herdSize;
  if (index < cowCount(herdSize)) return 'cow';
  if (share < COW_SHARE + HEIFER_SHARE) return 'heifer';
  if (share < COW_SHARE + HEIFER_SHARE + FATTENING_SHARE) return 'fattening';
  return 'calf';
}

interface PlannedAnimal {
  values: Omit<typeof cattle.$inferInsert, 'createdBy'>;
  initialParity: number;
  motherIndex: number | null;
  sireName: string;
  events: NewEvent[];
  plannedMonth: string | null;
  shipment: { date: IsoDate; price: number; weight: number; buyer: string } | null;
}

/** Five years of a breeding cow: cycles of estrus, insemination(s), pregnancy check and calving, plus care. */
function cowEvents(
  rand: () => number,
  birthday: IsoDate,
  today: IsoDate,
): { events: NewEvent[]; initialParity: number } {
  const start = addDays(today, -HISTORY_DAYS);
  const firstCalving = addDays(birthday, 730 + Math.floor(rand() * 60));
  let initialParity = 0;
  let calving = firstCalving;
  while (calving < start) {
    calving = addDays(calving, 370 + Math.floor(rand() * 50));
    initialParity++;
  }
  if (initialParity > 0) calving = addDays(calving, -(370 + Math.floor(rand() * 50)));
  const events: NewEvent[] = [];
  const push = (date: IsoDate, eventType: string, details: Record<string, unknown> | null = null, hour = 9) => {
    if (date >= start && date >= birthday && date <= today) {
      events.push({ eventType, eventDatetime: instant(date, hour), details });
    }
  };
  // The first cycle of a heifer starts from her first breeding; later ones from the previous calving.
  let cycleStart = initialParity === 0 ? addDays(birthday, 430) : calving;
  for (let guard = 0; guard < 12 && cycleStart <= today; guard++) {
    const estrus = addDays(cycleStart, initialParity === 0 && guard === 0 ? 0 : 45 + Math.floor(rand() * 30));
    push(estrus, 'ESTRUS');
    let insemination = addDays(estrus, 1);
    push(insemination, 'INSEMINATION', { sireName: SIRES[Math.floor(rand() * SIRES.length)], technician: '佐藤' });
    if (rand() < 0.25) {
      insemination = addDays(insemination, 21);
      push(addDays(insemination, -1), 'ESTRUS');
      push(insemination, 'INSEMINATION', { sireName: SIRES[Math.floor(rand() * SIRES.length)], technician: '佐藤' });
    }
    push(addDays(insemination, 40), 'PREGNANCY_CHECK', { result: 'PREGNANT' });
    const nextCalving = addDays(insemination, 280 + Math.floor(rand() * 10));
    push(nextCalving, 'CALVING', { difficult: rand() < 0.05 }, 6);
    cycleStart = nextCalving;
  }
  for (
    let day = addDays(start, Math.floor(rand() * 120));
    day <= today;
    day = addDays(day, 330 + Math.floor(rand() * 60))
  ) {
    push(day, 'VACCINATION', { product: VACCINES[Math.floor(rand() * VACCINES.length)] }, 10);
    push(addDays(day, 7), 'HOOF_TRIMMING', null, 10);
    push(addDays(day, 14), 'WEIGHT_MEASURED', { weightKg: Math.round(480 + rand() * 120) }, 11);
    if (rand() < 0.15) {
      push(addDays(day, 30), 'DIAGNOSIS', null, 14);
      push(addDays(day, 30), 'MEDICATION', { product: '抗生物質', dose: '10ml' }, 15);
    }
  }
  events.sort((a, b) => (a.eventDatetime < b.eventDatetime ? -1 : a.eventDatetime > b.eventDatetime ? 1 : 0));
  return { events, initialParity };
}

function youngStockEvents(rand: () => number, birthday: IsoDate, today: IsoDate, fattening: boolean): NewEvent[] {
  const events: NewEvent[] = [];
  const push = (date: IsoDate, eventType: string, details: Record<string, unknown> | null = null) => {
    if (date >= birthday && date <= today) events.push({ eventType, eventDatetime: instant(date, 10), details });
  };
  push(addDays(birthday, 30), 'VACCINATION', { product: '5種混合' });
  push(addDays(birthday, 90), 'WEIGHT_MEASURED', { weightKg: Math.round(90 + rand() * 30) });
  push(addDays(birthday, 120), 'WEANING');
  push(addDays(birthday, 200), 'VACCINATION', { product: 'イバラキ病' });
  push(addDays(birthday, 240), 'WEIGHT_MEASURED', { weightKg: Math.round(220 + rand() * 40) });
  if (fattening) {
    push(addDays(birthday, 300), 'START_FATTENING');
    for (let day = 390; day <= 900; day += 90)
      push(addDays(birthday, day), 'WEIGHT_MEASURED', { weightKg: Math.round(300 + day * 0.55 + rand() * 40) });
  }
  return events;
}

function planAnimal(farmId: number, herdSize: number, index: number, today: IsoDate): PlannedAnimal {
  const rand = seededRandom(farmId * 1_000_003 + index * 7919 + 17);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const role = roleOf(index, herdSize);
  const base = {
    farmId,
    identificationNumber: identificationNumber(farmId, index),
    earTagNumber: String(index + 1).padStart(4, '0'),
    name: `${pick(NAMES)}${index + 1}`,
    breed: '黒毛和種',
    barn: pick(BARNS),
    producerName: '大規模牧場',
    score: 1 + Math.floor(rand() * 5),
    status: 'HEALTHY',
  };
  const motherIndex = role === 'cow' ? null : Math.floor(rand() * cowCount(herdSize));
  const currentMonth = jstMonth(new Date(`${today}T12:00:00+09:00`));
  if (role === 'cow') {
    const birthday = addDays(today, -(3 * 365 + Math.floor(rand() * 7 * 365)));
    const { events, initialParity } = cowEvents(rand, birthday, today);
    return {
      values: {
        ...base,
        gender: '雌',
        growthStage: initialParity > 0 ? 'MULTI_PAROUS' : 'GROWING',
        birthday,
        weight: 500,
      },
      initialParity,
      motherIndex,
      sireName: pick(SIRES),
      events,
      plannedMonth: null,
      shipment: null,
    };
  }
  if (role === 'heifer') {
    const birthday = addDays(today, -(300 + Math.floor(rand() * 300)));
    const events = youngStockEvents(rand, birthday, today, false);
    if (addDays(birthday, 430) <= today) {
      events.push({ eventType: 'ESTRUS', eventDatetime: instant(addDays(birthday, 430)), details: null });
      events.push({
        eventType: 'INSEMINATION',
        eventDatetime: instant(addDays(birthday, 431)),
        details: { sireName: pick(SIRES) },
      });
    }
    return {
      values: { ...base, gender: '雌', growthStage: 'GROWING', birthday },
      initialParity: 0,
      motherIndex,
      sireName: pick(SIRES),
      events,
      plannedMonth: null,
      shipment: null,
    };
  }
  if (role === 'fattening') {
    const birthday = addDays(today, -(300 + Math.floor(rand() * 560)));
    let plannedMonth: string | null = addDays(birthday, 29 * 30).slice(0, 7);
    if (plannedMonth > addMonths(currentMonth, 8)) plannedMonth = null;
    else if (plannedMonth < currentMonth) plannedMonth = addMonths(currentMonth, 1);
    return {
      values: { ...base, gender: '去勢', growthStage: 'FATTENING', birthday },
      initialParity: 0,
      motherIndex,
      sireName: pick(SIRES),
      events: youngStockEvents(rand, birthday, today, true),
      plannedMonth,
      shipment: null,
    };
  }
  const birthday = addDays(today, -(10 + Math.floor(rand() * 280)));
  const gender = rand() < 0.5 ? '去勢' : '雌';
  let plannedMonth: string | null = gender === '去勢' || rand() < 0.5 ? addDays(birthday, 300).slice(0, 7) : null;
  if (plannedMonth && plannedMonth < currentMonth) plannedMonth = addMonths(currentMonth, 1);
  return {
    values: { ...base, gender, growthStage: 'CALF', birthday },
    initialParity: 0,
    motherIndex,
    sireName: pick(SIRES),
    events: youngStockEvents(rand, birthday, today, false),
    plannedMonth,
    shipment: null,
  };
}

/** An animal sold in the last five years: a calf at 9–10 months, or a fattened steer at 28–30 months. */
function planShippedAnimal(farmId: number, herdSize: number, shippedIndex: number, today: IsoDate): PlannedAnimal {
  const rand = seededRandom(farmId * 2_000_003 + shippedIndex * 104_729 + 5);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const gender = rand() < 0.52 ? '去勢' : '雌';
  const fattened = gender === '去勢' && rand() < 0.3;
  const ageDays = fattened ? 850 + Math.floor(rand() * 60) : 275 + Math.floor(rand() * 30);
  const shipmentDate = addDays(today, -(1 + Math.floor(rand() * (HISTORY_DAYS - 1))));
  const birthday = addDays(shipmentDate, -ageDays);
  const index = herdSize + shippedIndex;
  const weight =
    Math.round((fattened ? 720 + rand() * 110 : gender === '去勢' ? 280 + rand() * 40 : 255 + rand() * 35) * 10) / 10;
  const price = fattened
    ? Math.round((1_000_000 + rand() * 500_000) / 1000) * 1000
    : Math.round((gender === '去勢' ? 700_000 + rand() * 100_000 : 580_000 + rand() * 100_000) / 1000) * 1000;
  return {
    values: {
      farmId,
      identificationNumber: identificationNumber(farmId, index),
      name: `${pick(NAMES)}${index + 1}`,
      gender,
      growthStage: fattened ? 'FATTENING' : 'CALF',
      birthday,
      breed: '黒毛和種',
      producerName: '大規模牧場',
      status: 'HEALTHY',
      weight,
    },
    initialParity: 0,
    motherIndex: Math.floor(rand() * cowCount(herdSize)),
    sireName: pick(SIRES),
    events: youngStockEvents(rand, birthday, shipmentDate, fattened).slice(0, 2),
    plannedMonth: null,
    shipment: { date: shipmentDate, price, weight, buyer: fattened ? pick(MEAT_MARKETS) : pick(CALF_MARKETS) },
  };
}

/** The registration form's input for a planned animal, pedigree and dam included. */
function registrationOf(a: PlannedAnimal, farmId: number, index: number): RegisterCattleInput {
  const v = a.values;
  return {
    identificationNumber: v.identificationNumber ?? null,
    earTagNumber: v.earTagNumber ?? null,
    name: v.name ?? null,
    gender: v.gender as RegisterCattleInput['gender'],
    growthStage: v.growthStage as RegisterCattleInput['growthStage'],
    birthday: v.birthday ?? null,
    breed: v.breed ?? null,
    weight: v.weight ?? null,
    score: v.score ?? null,
    barn: v.barn ?? null,
    producerName: v.producerName ?? null,
    status: 'HEALTHY',
    breeding: { parity: a.initialParity, breedingMemo: null },
    bloodline: {
      fatherCattleName: a.sireName,
      motherFatherCattleName: MATERNAL[index % MATERNAL.length],
      motherGrandFatherCattleName: MATERNAL[(index + 3) % MATERNAL.length],
      motherGreatGrandFatherCattleName: MATERNAL[(index + 5) % MATERNAL.length],
    },
    motherInfo:
      a.motherIndex === null ? undefined : { motherIdentificationNumber: identificationNumber(farmId, a.motherIndex) },
  };
}

/**
 * Writes a chunk of planned animals through the app's own use cases, in bulk: registered as POST /cattle does
 * (one batch), then their events as POST /events does (breeding state recomputed by the engine) and their
 * shipment or plan as POST /shipments and POST /shipments/plans do, in a second batch.
 */
async function writeAnimals(scope: Scope, animals: PlannedAnimal[], starts: number[], today: IsoDate) {
  const inputs = animals.map((a, i) => registrationOf(a, scope.farmId, starts[i]));
  const ids = await registerHerd(scope, inputs);
  const statements: Statement[] = [];
  let eventCount = 0;
  let shipmentCount = 0;
  let planCount = 0;
  animals.forEach((a, i) => {
    const cattleId = ids[i];
    // A shipment's SHIPMENT event is one of the animal's events, recomputed with the others (§9).
    const animalEvents = a.shipment ? [...a.events, shipmentEvent(a.shipment.date)] : a.events;
    const context = newAnimalContext(registeredAnimal(scope.farmId, cattleId, inputs[i]));
    const recorded = eventStatements(scope, context, { add: animalEvents }, { today, enrols: false });
    statements.push(...recorded.statements);
    eventCount += animalEvents.length;
    const status = recorded.recomputed.status;
    if (a.shipment) {
      const { date: shipmentDate, price, weight, buyer } = a.shipment;
      const animal = { cattleId, birthday: a.values.birthday ?? null };
      statements.push(...shipmentRowStatements(scope, animal, { shipmentDate, price, weight, buyer, notes: null }));
      shipmentCount++;
    } else if (a.plannedMonth) {
      statements.push(...planShipmentStatements(scope, { cattleId, status }, a.plannedMonth));
      planCount++;
    }
  });
  await runBatch(scope.db, statements);
  return { animals: animals.length, events: eventCount, shipments: shipmentCount, plans: planCount };
}

const ownerRoute = createRoute({
  method: 'post',
  path: '/bench-seed/owner',
  tags: ['Development'],
  summary: 'Create (or reuse) a benchmark owner and sign it in (development only)',
  request: { body: jsonBody(z.object({ email: z.string().email(), userName: z.string().min(1).max(50) })) },
  responses: { 200: jsonContent(z.object({ userId: z.number(), token: z.string() }), 'Owner and a 30-day token') },
});

const herdRoute = createRoute({
  method: 'post',
  path: '/bench-seed/herd',
  tags: ['Development'],
  summary: 'Generate one chunk of a benchmark herd (development only)',
  request: {
    body: jsonBody(
      z.object({
        userId: z.number().int().positive(),
        herdSize: z.number().int().positive().max(50_000),
        /** 'herd': living animals [start, start+count); 'shipped': animals sold in the last five years. */
        kind: z.enum(['herd', 'shipped']),
        start: z.number().int().min(0),
        count: z.number().int().positive().max(500),
        today: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .optional(),
      }),
    ),
  },
  responses: {
    200: jsonContent(
      z.object({ animals: z.number(), events: z.number(), shipments: z.number(), plans: z.number() }),
      'What the chunk wrote',
    ),
  },
});

export const benchSeedRouter = createRouter()
  .openapi(ownerRoute, async (c) => {
    const { email, userName } = c.req.valid('json');
    const db = directoryDb(c.env);
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    const userId =
      existing?.id ??
      (
        await db
          .insert(users)
          .values({ email, userName, isVerified: true, oauthProvider: 'email' })
          .returning({ id: users.id })
      )[0].id;
    await ensureOwnFarm(c.env, userId, userName);
    const { token, session } = await issueSession(c.env, userId, SESSION_SECONDS);
    await db.insert(sessions).values(session);
    return c.json({ userId, token }, 200);
  })
  .openapi(herdRoute, async (c) => {
    const { userId, herdSize, kind, start, count, today = todayJst() } = c.req.valid('json');
    const indexes = Array.from({ length: count }, (_, i) => start + i);
    const animals = indexes.map((i) =>
      kind === 'herd' ? planAnimal(userId, herdSize, i, today) : planShippedAnimal(userId, herdSize, i, today),
    );
    // Pedigree names rotate with the animal's place in the farm: shipped ones come after the herd.
    const places = indexes.map((i) => (kind === 'herd' ? i : herdSize + i));
    const farmId = await ensureOwnFarm(c.env, userId, `bench ${userId}`);
    const db = await farmDb(c.env, farmId);
    const scope: Scope = { db, farmId, userId, userName: 'bench', actor: String(userId) };
    return c.json(await writeAnimals(scope, animals, places, today), 200);
  });
