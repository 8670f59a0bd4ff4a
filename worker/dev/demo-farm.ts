import { and, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../accounts/password';
import { regenerateAlerts } from '../alerts/regenerate';
import { type CreateCattleInput as CreateInput, createCattleSchema } from '../cattle/cattle.schemas';
import { registerHerd } from '../cattle/cattle.service';
import { type Db, getDb } from '../db/client';
import { cattle, farmMembers, users } from '../db/schema';
import type { Scope } from '../db/scope';
import { addDays, daysBetween, type IsoDate, todayJst } from '../domain/calendar';
import { identificationFromNumber } from '../domain/identification';
import type { Env } from '../env';
import type { NewEvent } from '../events/events.record';
import { recordEvents } from '../events/events.service';
import { createFarm } from '../farms/farms.service';
import { seededRandom } from '../lib/seeded-random';
import { type DemoAnimal, seedDemoShipments } from '../shipments/demo-shipments';

export const DEMO_EMAIL = 'demo@ushicho.example';
export const DEMO_PASSWORD = 'ushicho-demo-2026';
export const DEMO_STAFF_EMAIL = 'staff@ushicho.example';
const DEMO_FARM_NAME = '北牧場（デモ）';

/** The demo farm's hired hand: records on the herd with the staff role (same password as the demo login). */
async function addDemoStaff(db: Db, farmId: number, passwordHash: string) {
  const [staff] = await db
    .insert(users)
    .values({ email: DEMO_STAFF_EMAIL, userName: '田中 健太', passwordHash, isVerified: true, oauthProvider: 'email' })
    .onConflictDoUpdate({ target: users.email, set: { updatedAt: new Date().toISOString() } })
    .returning({ id: users.id });
  await db
    .insert(farmMembers)
    .values({ farmId, userId: staff.id, role: 'staff' })
    .onConflictDoNothing({ target: [farmMembers.farmId, farmMembers.userId] });
  await db.update(users).set({ defaultFarmId: farmId }).where(eq(users.id, staff.id));
}

const COW_NAMES = [
  'はなこ',
  'さくら',
  'もも',
  'ゆり',
  'あやめ',
  'すみれ',
  'つばき',
  'かえで',
  'なでしこ',
  'ひまわり',
  'こはる',
  'みどり',
  'あおい',
  'ふじ',
  'しずか',
  'ちよ',
  'きく',
  'うめ',
  'まつ',
  'たけ',
  'ふくみ',
  'やすこ',
  'ゆきえ',
  'はるか',
  'みのり',
  'さちこ',
  'かのん',
  'りん',
  'あかね',
  'ことね',
  'しおり',
  'なつき',
  'ひなた',
  'めぐみ',
  'わかば',
  'あさひ',
];
const STEER_NAMES = [
  'たろう',
  'じろう',
  'げんき',
  'ごろう',
  'まさる',
  'つよし',
  'ひかる',
  'だいち',
  'ゆうき',
  'けんた',
  'しょう',
  'りく',
  'はやて',
  'こてつ',
  'ぶんた',
];
const HEIFER_NAMES = ['ゆめ', 'のぞみ', 'ひかり', 'そら', 'みく', 'あんず', 'まどか', 'こころ'];
const CALF_NAMES = [
  'ふく',
  'はる',
  'ゆき',
  'さち',
  'みつ',
  'たま',
  'まる',
  'こう',
  'ひで',
  'かつ',
  'すず',
  'ちび',
  'ぽん',
  'まめ',
  'きら',
  'るり',
];
const SIRES = ['安福久', '美国桜', '百合茂', '勝早桜5', '福之姫', '若百合', '幸紀雄', '茂洋', '花国安福', '耕富士'];
const MATERNAL = ['安平', '平茂勝', '北国7の8', '糸桜', '金幸', '忠富士', '第1花国', '紋次郎'];
const TECHNICIANS = ['JA 山田', '獣医 佐藤', '自家授精'];

/** Helpers over the seeded generator, so the demo farm is the same on every start. */
function random(seed: number) {
  const next = seededRandom(seed);
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof random>;

/** An instant at a farm-ish JST hour of a calendar day. */
const at = (date: IsoDate, hour = 7, minute = 30) =>
  new Date(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+09:00`).toISOString();

interface PlannedAnimal {
  input: CreateInput;
  events: NewEvent[];
  /** Events for calves registered by this animal's CALVING events, keyed by the calf's identification number. */
  calfEvents: Map<string, NewEvent[]>;
}

/** Where a breeding cow stands today; every alert rule has at least one cow in its situation. */
type CowState =
  | 'pregnant'
  | 'inseminated'
  | 'postpartum'
  | 'newlyCalved'
  | 'overdue'
  | 'openLong'
  | 'returnWatch'
  | 'checkDue'
  | 'calvingSoon';

const SCENARIOS: CowState[] = [
  'overdue',
  'calvingSoon',
  'openLong',
  'openLong',
  'returnWatch',
  'checkDue',
  'calvingSoon',
  'postpartum',
  // Calved this week: the calf has no ear tag yet ('未登録').
  'newlyCalved',
];

interface Ctx {
  rng: Rng;
  today: IsoDate;
  nextId: () => string;
  calfName: () => string;
}

/** Inseminations ending in the one that conceived on `conception`; earlier ones returned to heat. */
function breedingAttempts(ctx: Ctx, conception: IsoDate, attempts: number, sire: string) {
  const dates = [conception];
  while (dates.length < attempts)
    dates.unshift(addDays(dates[0], -(ctx.rng.chance(0.7) ? ctx.rng.int(20, 22) : ctx.rng.int(41, 43))));
  const events: NewEvent[] = [];
  dates.forEach((ai, k) => {
    events.push({
      eventType: 'INSEMINATION',
      eventDatetime: at(ai, 8, 15),
      details: { sireName: sire, technician: ctx.rng.pick(TECHNICIANS) },
    });
    const next = dates[k + 1];
    if (!next) return;
    const check = addDays(ai, ctx.rng.int(28, 32));
    if (check < next && ctx.rng.chance(0.5))
      events.push({ eventType: 'PREGNANCY_CHECK', eventDatetime: at(check, 10), details: { result: 'OPEN' } });
    else events.push({ eventType: 'ESTRUS', eventDatetime: at(addDays(next, -1), 6), notes: '再発情' });
  });
  return { events, firstAi: dates[0] };
}

/** A calving with its calf registered (young calves only: older ones were sold at the calf market). */
function calving(ctx: Ctx, date: IsoDate, _sire: string, calfEvents: Map<string, NewEvent[]>): NewEvent {
  const difficult = ctx.rng.chance(0.08);
  const ageDays = daysBetween(date, ctx.today);
  if (ageDays > 260) return { eventType: 'CALVING', eventDatetime: at(date, 4, 40), details: { difficult } };
  const gender = ctx.rng.chance(0.5) ? '雌' : '雄';
  // A calf born in the last ten days has no ear tag yet: registered '未登録', its number entered later.
  if (ageDays < 10) {
    return { eventType: 'CALVING', eventDatetime: at(date, 4, 40), details: { difficult, calves: [{ gender }] } };
  }
  const identificationNumber = ctx.nextId();
  // The ear tag follows from the number (digits 6–9), as on a real tag.
  const calf = { name: ctx.calfName(), gender, identificationNumber };
  const events: NewEvent[] = [
    { eventType: 'WEIGHT_MEASURED', eventDatetime: at(date, 9), details: { weightKg: ctx.rng.int(26, 34) } },
  ];
  if (ageDays >= 30)
    events.push({
      eventType: 'VACCINATION',
      eventDatetime: at(addDays(date, 30), 14),
      details: { product: '牛呼吸器病5種混合ワクチン', dose: '2mL' },
    });
  if (ageDays >= 100) {
    // Weaned at 95–115 days, but never later than yesterday for a calf just past 100 days.
    const weaning = addDays(date, Math.min(ctx.rng.int(95, 115), ageDays - 1));
    events.push({ eventType: 'WEANING', eventDatetime: at(weaning, 9) });
    events.push({
      eventType: 'WEIGHT_MEASURED',
      eventDatetime: at(weaning, 10),
      details: { weightKg: ctx.rng.int(110, 140) },
    });
  }
  if (ageDays >= 200)
    events.push({
      eventType: 'WEIGHT_MEASURED',
      eventDatetime: at(addDays(date, 200), 10),
      details: { weightKg: ctx.rng.int(210, 250) },
    });
  calfEvents.set(identificationNumber, events);
  return { eventType: 'CALVING', eventDatetime: at(date, 4, 40), details: { difficult, calves: [calf] } };
}

/** Two years (and a bit) of a breeding cow's life, ending in `state` today. */
function cowEvents(ctx: Ctx, state: CowState, calfEvents: Map<string, NewEvent[]>): NewEvent[] {
  const { rng, today } = ctx;
  const events: NewEvent[] = [];
  const sire = () => rng.pick(SIRES);
  // The current cycle, anchored on today.
  let lastCalving: IsoDate;
  switch (state) {
    case 'postpartum':
    case 'newlyCalved':
    case 'openLong': {
      const daysAgo = { openLong: rng.int(66, 90), newlyCalved: rng.int(2, 5), postpartum: rng.int(8, 45) }[state];
      lastCalving = addDays(today, -daysAgo);
      const heat = addDays(lastCalving, rng.int(38, 50));
      if (heat <= today) events.push({ eventType: 'ESTRUS', eventDatetime: at(heat, 6), notes: '初回発情' });
      break;
    }
    case 'inseminated':
    case 'returnWatch':
    case 'checkDue': {
      const daysAgo =
        state === 'returnWatch' ? rng.int(20, 23) : state === 'checkDue' ? rng.int(27, 30) : rng.int(3, 15);
      const ai = addDays(today, -daysAgo);
      lastCalving = addDays(ai, -rng.int(55, 85));
      events.push({ eventType: 'ESTRUS', eventDatetime: at(addDays(lastCalving, rng.int(36, 45)), 6) });
      events.push({
        eventType: 'INSEMINATION',
        eventDatetime: at(ai, 8, 15),
        details: { sireName: sire(), technician: rng.pick(TECHNICIANS) },
      });
      break;
    }
    default: {
      // Pregnant: the conception lies so far back that the expected calving date is where the state wants it.
      const daysPregnant =
        state === 'overdue' ? rng.int(289, 293) : state === 'calvingSoon' ? rng.int(230, 270) : rng.int(40, 225);
      const conception = addDays(today, -daysPregnant);
      const cycle = breedingAttempts(ctx, conception, rng.pick([1, 1, 1, 2, 2, 3]), sire());
      lastCalving = addDays(cycle.firstAi, -rng.int(55, 90));
      events.push(
        { eventType: 'ESTRUS', eventDatetime: at(addDays(lastCalving, rng.int(36, 45)), 6) },
        ...cycle.events,
      );
      events.push({
        eventType: 'PREGNANCY_CHECK',
        eventDatetime: at(addDays(conception, rng.int(30, 40)), 10),
        details: { result: 'PREGNANT' },
      });
    }
  }
  events.push(calving(ctx, lastCalving, sire(), calfEvents));
  // Earlier full cycles, back to about two years ago.
  let nextCalving = lastCalving;
  while (daysBetween(addDays(today, -760), nextCalving) > 0) {
    const conception = addDays(nextCalving, -(285 + rng.int(-4, 5)));
    const cycle = breedingAttempts(ctx, conception, rng.pick([1, 1, 2, 2, 3]), sire());
    const previousCalving = addDays(cycle.firstAi, -rng.int(55, 95));
    events.push(
      { eventType: 'ESTRUS', eventDatetime: at(addDays(previousCalving, rng.int(36, 45)), 6) },
      ...cycle.events,
      {
        eventType: 'PREGNANCY_CHECK',
        eventDatetime: at(addDays(conception, rng.int(30, 40)), 10),
        details: { result: 'PREGNANT' },
      },
      calving(ctx, previousCalving, sire(), calfEvents),
    );
    nextCalving = previousCalving;
  }
  // Herd health: spring vaccination and hoof trimming twice a year.
  for (const year of [Number(today.slice(0, 4)) - 1, Number(today.slice(0, 4))]) {
    const spring = `${year}-04-${String(rng.int(10, 25)).padStart(2, '0')}`;
    if (spring <= today)
      events.push({
        eventType: 'VACCINATION',
        eventDatetime: at(spring, 14),
        details: { product: 'アカバネ病ワクチン', dose: '1mL' },
      });
    const hoof = `${year}-10-${String(rng.int(5, 25)).padStart(2, '0')}`;
    if (hoof <= today) events.push({ eventType: 'HOOF_TRIMMING', eventDatetime: at(hoof, 13) });
  }
  if (rng.chance(0.15)) {
    const sick = addDays(today, -rng.int(30, 300));
    events.push(
      {
        eventType: 'DIAGNOSIS',
        eventDatetime: at(sick, 9),
        notes: rng.pick(['乳房炎', '蹄病', '第四胃変位の疑い', '下痢']),
      },
      { eventType: 'TREATMENT_STARTED', eventDatetime: at(sick, 10) },
      {
        eventType: 'MEDICATION',
        eventDatetime: at(sick, 10, 30),
        details: { product: 'ペニシリン系抗生物質', dose: '10mL', withdrawalMeatDays: 7, withdrawalMilkDays: 4 },
      },
      { eventType: 'TREATMENT_COMPLETED', eventDatetime: at(addDays(sick, rng.int(4, 10)), 9) },
    );
  }
  return events.filter((e) => e.eventDatetime <= at(today, 23, 59));
}

/** The demo herd: breeding cows in every situation, heifers, and fattening steers. Calves come from the calvings. */
export function planDemoHerd(today: IsoDate): PlannedAnimal[] {
  const rng = random(20_261_122);
  let id = 826_400_000;
  let calfIndex = 0;
  const ctx: Ctx = {
    rng,
    today,
    nextId: () => {
      id += rng.int(3, 40);
      return identificationFromNumber(id);
    },
    calfName: () => `${CALF_NAMES[calfIndex % CALF_NAMES.length]}${Math.floor(calfIndex++ / CALF_NAMES.length) + 1}`,
  };
  const animals: PlannedAnimal[] = [];
  const bloodlineOf = () => ({
    fatherCattleName: rng.pick(SIRES),
    motherFatherCattleName: rng.pick(MATERNAL),
    motherGrandFatherCattleName: rng.pick(MATERNAL),
    motherGreatGrandFatherCattleName: rng.pick(MATERNAL),
  });

  COW_NAMES.forEach((name, i) => {
    const state: CowState =
      SCENARIOS[i] ?? rng.pick<CowState>(['pregnant', 'pregnant', 'pregnant', 'inseminated', 'postpartum']);
    const identificationNumber = ctx.nextId();
    const calfEvents = new Map<string, NewEvent[]>();
    const events = cowEvents(ctx, state, calfEvents);
    const calvings = events.filter((e) => e.eventType === 'CALVING').length;
    const initialParity = rng.int(0, 4);
    animals.push({
      input: {
        name,
        identificationNumber,
        gender: '雌',
        growthStage: initialParity + calvings > 1 ? 'MULTI_PAROUS' : 'FIRST_CALVED',
        birthday: addDays(today, -rng.int(365 * 2 + 300, 365 * 10)),
        breed: '黒毛和種',
        barn: i % 2 === 0 ? '繁殖牛舎A' : '繁殖牛舎B',
        score: rng.int(2, 5),
        weight: rng.int(430, 560),
        producerName: '北牧場',
        bloodline: bloodlineOf(),
        breeding: {
          parity: initialParity,
          breedingMemo: i === 0 ? '前回分娩時に難産。分娩予定日前後は夜間の見回りを増やす。' : null,
        },
      },
      events,
      calfEvents,
    });
  });

  HEIFER_NAMES.forEach((name, i) => {
    const identificationNumber = ctx.nextId();
    const birthday = addDays(today, -rng.int(400, 600));
    const events: NewEvent[] = [{ eventType: 'WEANING', eventDatetime: at(addDays(birthday, 105), 9) }];
    if (i < 4) {
      const ai = addDays(today, -rng.int(10, 120));
      events.push({ eventType: 'ESTRUS', eventDatetime: at(addDays(ai, -1), 6) });
      events.push({
        eventType: 'INSEMINATION',
        eventDatetime: at(ai, 8),
        details: { sireName: rng.pick(SIRES), technician: 'JA 山田' },
      });
      if (addDays(ai, 35) <= today)
        events.push({
          eventType: 'PREGNANCY_CHECK',
          eventDatetime: at(addDays(ai, 35), 10),
          details: { result: i === 3 ? 'OPEN' : 'PREGNANT' },
        });
    }
    animals.push({
      input: {
        name,
        identificationNumber,
        gender: '雌',
        growthStage: 'CALF',
        birthday,
        breed: '黒毛和種',
        barn: '育成牛舎',
        producerName: '北牧場',
        bloodline: bloodlineOf(),
      },
      events,
      calfEvents: new Map(),
    });
  });

  STEER_NAMES.forEach((name, i) => {
    const identificationNumber = ctx.nextId();
    const birthday = addDays(today, -rng.int(300, 860));
    const arrival = addDays(birthday, rng.int(270, 300));
    const events: NewEvent[] = [];
    if (arrival <= today) {
      events.push({
        eventType: 'ARRIVAL',
        eventDatetime: at(arrival, 11),
        notes: `${rng.pick(['全農 鹿児島中央家畜市場', '全農 宮崎中央家畜市場'])}で購入`,
      });
      events.push({ eventType: 'START_FATTENING', eventDatetime: at(addDays(arrival, 7), 9) });
      for (let d = 0, w = rng.int(270, 310); addDays(arrival, d) <= today; d += 90, w += rng.int(70, 95)) {
        events.push({
          eventType: 'WEIGHT_MEASURED',
          eventDatetime: at(addDays(arrival, d), 10),
          details: { weightKg: w },
        });
      }
      events.push({
        eventType: 'VACCINATION',
        eventDatetime: at(addDays(arrival, 14), 14),
        details: { product: '牛呼吸器病5種混合ワクチン', dose: '2mL' },
      });
      // Two steers under treatment now, so the herd shows 出荷制限中 (§16): an antibiotic with 30 and 21 meat days.
      const treated = i === 0 ? 4 : i === 3 ? 10 : null;
      if (treated !== null && addDays(today, -treated) >= arrival) {
        events.push({
          eventType: 'MEDICATION',
          eventDatetime: at(addDays(today, -treated), 9),
          details: { product: 'マイシリン', dose: '15mL', withdrawalMeatDays: i === 0 ? 30 : 21 },
          notes: '肺炎',
        });
      }
    }
    animals.push({
      input: {
        name,
        identificationNumber,
        gender: '去勢',
        growthStage: 'GROWING',
        birthday,
        breed: i % 5 === 4 ? '交雑種（F1）' : '黒毛和種',
        barn: i % 2 === 0 ? '肥育牛舎1' : '肥育牛舎2',
        producerName: rng.pick(['南畜産', '西原牧場', '東農場']),
        bloodline: bloodlineOf(),
      },
      events,
      calfEvents: new Map(),
    });
  });
  animals.push(...specialAnimals(ctx));
  return animals;
}

/**
 * The herd's less common cases, placed so each shows on a fresh start (§6, §7): ホルスタイン cows with an F1
 * (黒毛和種 sire) pregnancy that is due for dry-off, an embryo transfer, one dried off already; twins with one
 * born dead, a stillbirth, and a heifer past 14 months that was never bred.
 */
function specialAnimals(ctx: Ctx): PlannedAnimal[] {
  const { today } = ctx;
  const day = (offset: number) => addDays(today, offset);
  const dairy = (name: string, events: NewEvent[], ageDays: number, parity: number): PlannedAnimal => ({
    input: {
      name,
      identificationNumber: ctx.nextId(),
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      birthday: day(-ageDays),
      breed: 'ホルスタイン',
      barn: '搾乳牛舎',
      score: 4,
      weight: 650,
      producerName: '北牧場',
      breeding: { parity, breedingMemo: null },
    },
    events,
    calfEvents: new Map(),
  });
  const service = (offset: number, details: Record<string, unknown>): NewEvent => ({
    eventType: 'INSEMINATION',
    eventDatetime: at(day(offset), 8, 10),
    details: { technician: 'JA 山田', ...details },
  });
  const pregnant = (offset: number): NewEvent => ({
    eventType: 'PREGNANCY_CHECK',
    eventDatetime: at(day(offset), 10),
    details: { result: 'PREGNANT' },
  });
  const calving = (offset: number, calves: Record<string, unknown>[], difficult = false): NewEvent => ({
    eventType: 'CALVING',
    eventDatetime: at(day(offset), 4, 40),
    details: { difficult, calves },
  });
  return [
    // F1: ホルスタイン × 黒毛和種, due in 55 days (service 283 days before): dry-off due, calving within 60 days.
    dairy(
      'ミルキー',
      [
        calving(-228 - 75, [{ gender: '雌' }]),
        service(-228, { sireName: '百合茂', sireBreed: '黒毛和種' }),
        pregnant(-190),
      ],
      5 * 365,
      2,
    ),
    // A 黒毛和種 embryo in a ホルスタイン: due 278 days after the transfer, in about four months.
    dairy(
      'ホワイト',
      [
        calving(-158 - 80, [{ gender: '雄' }]),
        service(-158, { method: 'ET', embryoId: 'ET-北-0412', embryoBreed: '黒毛和種' }),
        pregnant(-118),
      ],
      6 * 365,
      3,
    ),
    // Pure ホルスタイン, due in 40 days and already dried off; her last calving was twins.
    dairy(
      'ハナ',
      [
        calving(-240 - 85, [
          { gender: '雌', name: 'ハナ1' },
          { gender: '雄', name: 'ハナ2' },
        ]),
        service(-240, { sireName: 'ジャスティス', sireBreed: 'ホルスタイン' }),
        pregnant(-200),
        { eventType: 'DRY_OFF', eventDatetime: at(day(-20), 9) },
      ],
      4 * 365,
      1,
    ),
    {
      // Twins 20 days ago, one born dead.
      input: {
        name: 'さつき',
        identificationNumber: ctx.nextId(),
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
        birthday: day(-7 * 365),
        breed: '黒毛和種',
        barn: '繁殖牛舎A',
        score: 4,
        producerName: '北牧場',
        breeding: { parity: 3, breedingMemo: '双子分娩（1頭死産）。子牛の哺乳に注意。' },
      },
      events: [
        service(-20 - 285, { sireName: '茂洋' }),
        pregnant(-20 - 245),
        calving(
          -20,
          [
            { gender: '雌', name: 'さつき1', weightKg: 24 },
            { gender: '雄', stillborn: true },
          ],
          true,
        ),
      ],
      calfEvents: new Map(),
    },
    {
      // A stillbirth at term 50 days ago: counted as her calving.
      input: {
        name: 'しずか',
        identificationNumber: ctx.nextId(),
        gender: '雌',
        growthStage: 'FIRST_CALVED',
        birthday: day(-3 * 365),
        breed: '黒毛和種',
        barn: '繁殖牛舎B',
        score: 3,
        producerName: '北牧場',
      },
      events: [
        service(-50 - 284, { sireName: '安福久' }),
        pregnant(-50 - 244),
        { eventType: 'STILLBIRTH', eventDatetime: at(day(-50), 3, 20), notes: '分娩時に死産。獣医確認済み。' },
      ],
      calfEvents: new Map(),
    },
    {
      // Fifteen months old and never bred: time to serve her.
      input: {
        name: 'はつ',
        identificationNumber: ctx.nextId(),
        gender: '雌',
        growthStage: 'GROWING',
        birthday: day(-460),
        breed: '黒毛和種',
        barn: '育成牛舎',
        producerName: '北牧場',
      },
      events: [{ eventType: 'WEANING', eventDatetime: at(day(-460 + 110), 9) }],
      calfEvents: new Map(),
    },
  ];
}

async function idsByIdentificationNumber(db: Db, farmId: number, numbers: string[]) {
  const ids = new Map<string, number>();
  for (let i = 0; i < numbers.length; i += 90) {
    const rows = await db
      .select({ id: cattle.cattleId, number: cattle.identificationNumber })
      .from(cattle)
      .where(and(eq(cattle.farmId, farmId), inArray(cattle.identificationNumber, numbers.slice(i, i + 90))));
    for (const row of rows) if (row.number) ids.set(row.number, row.id);
  }
  return ids;
}

/** Registers the herd and records its history through the same use cases as the app's forms. */
async function seedAnimals(scope: Scope, planned: PlannedAnimal[], today: IsoDate) {
  // The same validation and write path as POST /cattle, in one batch.
  const inputs = planned.map((animal) => createCattleSchema.parse(animal.input));
  const ids = await registerHerd(scope, inputs);
  for (const [index, animal] of planned.entries()) {
    await recordEvents(scope, ids[index], animal.events, { today, regenerate: false });
  }
  // Calves were registered by their mothers' CALVING events; now their own first months.
  const calfEvents = new Map(planned.flatMap((animal) => [...animal.calfEvents]));
  const calfIds = await idsByIdentificationNumber(scope.db, scope.farmId, [...calfEvents.keys()]);
  for (const [number, events] of calfEvents) {
    const calfId = calfIds.get(number);
    if (calfId) await recordEvents(scope, calfId, events, { today, regenerate: false });
  }
}

/** Creates the demo account and its farm when they do not exist yet. */
export async function seedDemoFarm(
  env: Env,
  today: IsoDate = todayJst(),
): Promise<{ created: boolean; userId: number }> {
  const db = getDb(env);
  const [existing] = await db
    .select({
      id: users.id,
      farmId: farmMembers.farmId,
      animals: sql<number>`(select count(*) from ${cattle} where ${cattle.farmId} = ${farmMembers.farmId})`,
    })
    .from(users)
    .leftJoin(farmMembers, and(eq(farmMembers.userId, users.id), eq(farmMembers.role, 'owner')))
    .where(eq(users.email, DEMO_EMAIL))
    .limit(1);
  if (existing?.farmId && existing.animals > 0) return { created: false, userId: existing.id };
  // A demo account without animals is a seeding that was cut short (e.g. the server stopped mid-way): fill it.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [user] = existing
    ? [{ id: existing.id }]
    : await db
        .insert(users)
        .values({
          email: DEMO_EMAIL,
          userName: '北牧場（デモ）',
          passwordHash,
          isVerified: true,
          oauthProvider: 'email',
        })
        .returning({ id: users.id });
  const farmId = existing?.farmId ?? (await createFarm(db, user.id, DEMO_FARM_NAME));
  await addDemoStaff(db, farmId, passwordHash);
  const scope: Scope = { db, farmId, userId: user.id, userName: '北牧場（デモ）', actor: 'system' };
  await seedAnimals(scope, planDemoHerd(today), today);

  const herd = await db
    .select({
      cattleId: cattle.cattleId,
      gender: cattle.gender,
      growthStage: cattle.growthStage,
      birthday: cattle.birthday,
      name: cattle.name,
      status: cattle.status,
      identificationNumber: cattle.identificationNumber,
    })
    .from(cattle)
    .where(eq(cattle.farmId, farmId));
  await seedDemoShipments(scope, herd as DemoAnimal[], { today, firstIdentificationNumber: 826_900_000 });
  await regenerateAlerts(db, farmId, undefined, { today });
  return { created: true, userId: user.id };
}
