import { and, eq, inArray, sql } from 'drizzle-orm';
import { regenerateAlerts } from '../alerts/regenerate';
import { hashPassword } from '../auth/password';
import { type CreateCattleInput as CreateInput, createCattleSchema } from '../cattle/cattle.schemas';
import { registerHerd } from '../cattle/cattle.service';
import { updateHerdStatements } from '../cattle/cattle.statements';
import { runBatch, type Statement } from '../db/batch';
import { type Db, directoryDb, farmDb } from '../db/client';
import { cattle, farmMembers, users } from '../db/schema';
import type { Scope } from '../db/scope';
import { addDays, addMonths, daysBetween, type IsoDate, jstDate, todayJst } from '../domain/calendar';
import { isDairyBreed } from '../domain/gestation';
import { identificationFromNumber } from '../domain/identification';
import type { Env } from '../env';
import { recordEvents } from '../events/events.service';
import type { NewEvent } from '../events/events.statements';
import { createFarm } from '../farms/farms.service';
import { seededRandom } from '../lib/seeded-random';
import { seedDemoLineChat } from '../line/line-demo';
import { type CreateShipmentInput, createShipmentSchema } from '../shipments/shipments.schemas';
import { planShipmentStatements, shipmentEvent, shipmentRowStatements } from '../shipments/shipments.statements';
import { seedDemoFilings, seedDemoInseminator } from './demo-filings';
import { seedDemoHistory } from './demo-history';
import { DEMO_OWNER_NAME, seedDemoPeople } from './demo-neighbour';
import { seedDemoPens } from './demo-pens';
import { seedDemoProgrammes } from './demo-programmes';

export const DEMO_EMAIL = 'demo@ushicho.example';
export const DEMO_PASSWORD = 'ushicho-demo-2026';
const DEMO_STAFF_EMAIL = 'staff@ushicho.example';
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
const STEER_NAMES = ['たろう', 'じろう', 'げんき', 'ごろう', 'まさる', 'つよし', 'ひかる', 'だいち', 'ぶんた'];
const HEIFER_NAMES = ['ゆめ', 'のぞみ', 'ひかり', 'そら', 'みく', 'あんず'];
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
// A farm uses two or three main sires and tries others: 安福久 and 美国桜 come up more often, so the sire chart has
// sires with several graded calves to compare (decision 058).
const SIRES = [
  '安福久',
  '安福久',
  '安福久',
  '美国桜',
  '美国桜',
  '百合茂',
  '勝早桜5',
  '福之姫',
  '若百合',
  '幸紀雄',
  '茂洋',
  '花国安福',
  '耕富士',
];
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

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/** An instant at a farm-ish JST hour of a calendar day, as toISOString writes it (JST is UTC+9 all year). */
function at(date: IsoDate, hour = 7, minute = 30) {
  const utcHour = hour - 9;
  const utcDate = utcHour < 0 ? addDays(date, -1) : date;
  return `${utcDate}T${twoDigits((utcHour + 24) % 24)}:${twoDigits(minute)}:00.000Z`;
}

/** A shipment record as POST /shipments takes it (without the animal). */
type DemoShipment = Omit<CreateShipmentInput, 'cattleId'>;

/** An animal registered with the form's input, then its events. */
interface PlannedAnimal {
  input: CreateInput;
  events: NewEvent[];
  /** The month it is planned to be shipped in (YYYY-MM), if it is. */
  plannedMonth: string | null;
}

/**
 * A calf a CALVING of the herd registers (§6): born on that calving's day, then its own life — weighed, vaccinated,
 * weaned, sold at the calf market at 9–10 months or fattened and shipped at 28–30 months (its SHIPMENT event last).
 */
interface PlannedCalf {
  identificationNumber: string;
  birthday: IsoDate;
  gender: '雌' | '雄';
  breed: string;
  /** A beef bull calf is castrated at 2–3 months: a 去勢 steer from then on (born 雄, §20). */
  castrated: boolean;
  events: NewEvent[];
  shipment: DemoShipment | null;
  plannedMonth: string | null;
}

export interface DemoHerdPlan {
  animals: PlannedAnimal[];
  calves: PlannedCalf[];
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

const CALF_MARKETS = ['全農 鹿児島中央家畜市場', '全農 宮崎中央家畜市場', '全農 熊本家畜市場'];
const MEAT_MARKETS = ['東京都中央卸売市場食肉市場', '大阪市中央卸売市場南港市場', '全農 ミートフーズ'];

interface Ctx {
  rng: Rng;
  today: IsoDate;
  currentMonth: string;
  nextId: () => string;
  calfName: () => string;
  /** Every calf the herd's calvings registered, in the order they were planned. */
  calves: PlannedCalf[];
  /** Bull calves born so far: every fourth is kept and fattened on the farm. */
  bullCalves: number;
  /** Grades come from a generator of their own, so adding a graded steer does not reshuffle the herd. */
  gradeRng: Rng;
  /** The oldest calvings' own services draw from their own generator too, for the same reason. */
  oldServiceRng: Rng;
}

const round1000 = (yen: number) => Math.round(yen / 1000) * 1000;

/** The month an animal is planned to leave in: only within the next eight months, and never in a past month. */
function planMonth(ctx: Ctx, date: IsoDate): string | null {
  const month = date.slice(0, 7);
  if (month > addMonths(ctx.currentMonth, 8)) return null;
  return month < ctx.currentMonth ? addMonths(ctx.currentMonth, 1) : month;
}

function carcassOf(rng: Rng) {
  const qualityGrade = rng.pick([5, 4, 5, 4, 3]);
  const bms = qualityGrade === 5 ? rng.int(8, 12) : qualityGrade === 4 ? rng.int(5, 7) : rng.int(3, 4);
  return {
    yieldGrade: rng.chance(0.8) ? ('A' as const) : ('B' as const),
    qualityGrade,
    bms,
    weightKg: rng.int(430, 560),
  };
}

/**
 * A calf's life from its birth on `birthday` to today: a 黒毛和種 or F1 calf is weighed, vaccinated at a month, weaned
 * at 95–115 days and sold at the calf market at 9–10 months — except every fourth bull calf, started on fattening
 * at 9–10 months and shipped to a meat market at 28–30 months with its carcass grade. A dairy bull calf is sold at
 * about a month; a dairy heifer calf is weaned at about two months and kept.
 */
function calfLife(ctx: Ctx, identificationNumber: string, birthday: IsoDate, gender: '雌' | '雄', breed: string) {
  const { rng, today } = ctx;
  const dairy = isDairyBreed(breed);
  const kept = gender === '雄' && !dairy && ++ctx.bullCalves % 4 === 0;
  const events: NewEvent[] = [
    { eventType: 'WEIGHT_MEASURED', eventDatetime: at(birthday, 9), details: { weightKg: rng.int(26, 34) } },
    {
      eventType: 'VACCINATION',
      eventDatetime: at(addDays(birthday, 30), 14),
      details: { product: '牛呼吸器病5種混合ワクチン', dose: '2mL' },
    },
  ];
  let leaves: IsoDate | null = null;
  let shipment: DemoShipment | null = null;
  if (dairy && gender === '雄') {
    leaves = addDays(birthday, rng.int(25, 40));
    shipment = {
      shipmentDate: leaves,
      price: round1000(breed === 'ホルスタイン' ? rng.int(30_000, 120_000) : rng.int(250_000, 400_000)),
      weight: rng.int(50, 70),
      buyer: rng.pick(CALF_MARKETS),
    };
  } else {
    const weaning = addDays(birthday, dairy ? rng.int(55, 65) : rng.int(95, 115));
    events.push(
      { eventType: 'WEANING', eventDatetime: at(weaning, 9) },
      { eventType: 'WEIGHT_MEASURED', eventDatetime: at(weaning, 10), details: { weightKg: rng.int(110, 140) } },
      {
        eventType: 'WEIGHT_MEASURED',
        eventDatetime: at(addDays(birthday, 200), 10),
        details: { weightKg: rng.int(210, 250) },
      },
    );
    if (kept) {
      const fattening = addDays(birthday, rng.int(280, 300));
      events.push({ eventType: 'START_FATTENING', eventDatetime: at(fattening, 9) });
      leaves = addDays(birthday, rng.int(855, 910));
      for (let d = 90, w = rng.int(300, 330); addDays(fattening, d) < leaves; d += 90, w += rng.int(70, 95)) {
        events.push({
          eventType: 'WEIGHT_MEASURED',
          eventDatetime: at(addDays(fattening, d), 10),
          details: { weightKg: w },
        });
      }
      shipment = {
        shipmentDate: leaves,
        price: round1000(rng.int(1_000_000, 1_500_000)),
        weight: rng.int(720, 830),
        buyer: rng.pick(MEAT_MARKETS),
        carcass: carcassOf(ctx.gradeRng),
      };
    } else if (!dairy) {
      leaves = addDays(birthday, rng.int(275, 300));
      shipment = {
        shipmentDate: leaves,
        price: round1000(gender === '雄' ? rng.int(700_000, 800_000) : rng.int(580_000, 680_000)),
        weight: gender === '雄' ? rng.int(280, 320) : rng.int(255, 290),
        buyer: rng.pick(CALF_MARKETS),
      };
    }
  }
  const shipped = leaves !== null && leaves < today;
  // Nothing is recorded on the day it leaves but its SHIPMENT.
  const lastDay = shipped ? addDays(leaves!, -1) : today;
  const endOfLastDay = at(lastDay, 23, 59);
  const lived = events.filter((e) => e.eventDatetime <= endOfLastDay);
  ctx.calves.push({
    identificationNumber,
    birthday,
    gender,
    breed,
    castrated: gender === '雄' && !dairy && daysBetween(birthday, lastDay) >= 90,
    events: shipped ? [...lived, shipmentEvent(leaves!)] : lived,
    shipment: shipped ? shipment : null,
    plannedMonth: !shipped && leaves ? planMonth(ctx, leaves) : null,
  });
}

/**
 * A calf born on `date`: registered by its mother's CALVING with a number and name, then its own life — except a
 * calf born in the last ten days, whose ear tag is not on yet ('未登録', its number entered later).
 */
function bornCalf(ctx: Ctx, date: IsoDate, breed: string, extra: { gender?: '雌' | '雄'; name?: string } = {}) {
  const gender = extra.gender ?? (ctx.rng.chance(0.5) ? '雌' : '雄');
  if (daysBetween(date, ctx.today) < 10 && !extra.name) return { gender };
  const identificationNumber = ctx.nextId();
  calfLife(ctx, identificationNumber, date, gender, breed);
  return { name: extra.name ?? ctx.calfName(), gender, identificationNumber };
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

/** A 黒毛和種 cow's calving, with its calf registered. */
function calving(ctx: Ctx, date: IsoDate): NewEvent {
  const difficult = ctx.rng.chance(0.08);
  return {
    eventType: 'CALVING',
    eventDatetime: at(date, 4, 40),
    details: { difficult, calves: [bornCalf(ctx, date, '黒毛和種')] },
  };
}

/** Two years (and a bit) of a breeding cow's life, ending in `state` today. */
function cowEvents(ctx: Ctx, state: CowState): NewEvent[] {
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
  // Earlier full cycles, back to about three years ago (the calves of the oldest are the steers shipped lately).
  const calvings = [lastCalving];
  while (daysBetween(addDays(today, -1000), calvings[0]) > 0) {
    const conception = addDays(calvings[0], -(285 + rng.int(-4, 5)));
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
    );
    calvings.unshift(previousCalving);
  }
  // The service that gave the oldest calving, so its calf — a steer shipped lately with its carcass grade — has a
  // known sire in the sire table (decision 058).
  events.push({
    eventType: 'INSEMINATION',
    eventDatetime: at(addDays(calvings[0], -285), 8, 15),
    details: { sireName: ctx.oldServiceRng.pick(SIRES), technician: ctx.oldServiceRng.pick(TECHNICIANS) },
  });
  // Oldest first, so the calves are numbered in the order they were born.
  events.push(...calvings.map((date) => calving(ctx, date)));
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
  const endOfToday = at(today, 23, 59);
  return events.filter((e) => e.eventDatetime <= endOfToday);
}

/**
 * A cow's birthday from her first calving in the record: she first calved at 23–25 months, and had `parity` more
 * calvings 12–14 months apart before the record starts (the parity entered when she was registered).
 */
function cowBirthday(rng: Rng, events: readonly NewEvent[], registeredParity: number): IsoDate {
  const first = events
    .filter((e) => e.eventType === 'CALVING' || e.eventType === 'STILLBIRTH')
    .map((e) => jstDate(e.eventDatetime))
    .sort()[0];
  let birthday = addDays(first, -rng.int(700, 760));
  for (let k = 0; k < registeredParity; k++) birthday = addDays(birthday, -rng.int(365, 425));
  return birthday;
}

/**
 * The demo herd as of `today` (a pure function, so a test can check it for any day): breeding cows in every
 * situation with three years of cycles, heifers, purchased fattening steers and the less common cases; the calves
 * come from the cows' calvings, each born on its mother's calving day.
 */
export function planDemoHerd(today: IsoDate): DemoHerdPlan {
  const rng = random(20_261_122);
  // 個体識別番号 ten apart and more: the ear tag (digits 6–9) of every animal differs.
  let serial = 82_640_000;
  let calfIndex = 0;
  const ctx: Ctx = {
    rng,
    today,
    currentMonth: today.slice(0, 7),
    nextId: () => {
      serial += rng.int(1, 4);
      return identificationFromNumber(serial * 10 + rng.int(0, 9));
    },
    calfName: () => `${CALF_NAMES[calfIndex % CALF_NAMES.length]}${Math.floor(calfIndex++ / CALF_NAMES.length) + 1}`,
    calves: [],
    bullCalves: 0,
    gradeRng: random(104_729),
    oldServiceRng: random(130_363),
  };
  const animals: PlannedAnimal[] = [];
  const endOfToday = at(today, 23, 59);
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
    const events = cowEvents(ctx, state);
    const registeredParity = rng.pick([0, 0, 1, 1, 2, 3]);
    animals.push({
      input: {
        name,
        identificationNumber,
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
        birthday: cowBirthday(rng, events, registeredParity),
        breed: '黒毛和種',
        barn: i % 2 === 0 ? '繁殖牛舎A' : '繁殖牛舎B',
        score: rng.int(2, 5),
        weight: rng.int(430, 560),
        producerName: '北牧場',
        bloodline: bloodlineOf(),
        breeding: {
          parity: registeredParity,
          breedingMemo: i === 0 ? '前回分娩時に難産。分娩予定日前後は夜間の見回りを増やす。' : null,
        },
      },
      events,
      plannedMonth: null,
    });
  });

  HEIFER_NAMES.forEach((name, i) => {
    const identificationNumber = ctx.nextId();
    // The first four were served at 14–16 months; the others are not yet 14 months old.
    const ai = i < 4 ? addDays(today, -rng.int(10, 120)) : null;
    const birthday = ai ? addDays(ai, -rng.int(430, 480)) : addDays(today, -rng.int(300, 400));
    const events: NewEvent[] = [{ eventType: 'WEANING', eventDatetime: at(addDays(birthday, 105), 9) }];
    if (ai) {
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
      plannedMonth: null,
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
      events: events.filter((e) => e.eventDatetime <= endOfToday),
      // Shipped to the meat market at 29 months.
      plannedMonth: planMonth(ctx, addDays(birthday, 883)),
    });
  });
  animals.push(...specialAnimals(ctx));
  return { animals, calves: ctx.calves };
}

/**
 * The herd's less common cases, placed so each shows on a fresh start (§6, §7): ホルスタイン cows with an F1
 * (黒毛和種 sire) pregnancy that is due for dry-off, an embryo transfer, one dried off already; twins with one
 * born dead, a stillbirth, and a heifer past 14 months that was never bred.
 */
function specialAnimals(ctx: Ctx): PlannedAnimal[] {
  const { today } = ctx;
  const day = (offset: number) => addDays(today, offset);
  const cow = (input: Omit<CreateInput, 'identificationNumber'>, events: NewEvent[]): PlannedAnimal => ({
    // Her calvings are all on record unless a parity says otherwise: 0 before it, never unknown (§5).
    input: { breeding: { parity: 0, breedingMemo: null }, ...input, identificationNumber: ctx.nextId() },
    events,
    plannedMonth: null,
  });
  const dairy = (name: string, events: NewEvent[], parity: number) =>
    cow(
      {
        name,
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
        birthday: cowBirthday(ctx.rng, events, parity),
        breed: 'ホルスタイン',
        barn: '搾乳牛舎',
        score: 4,
        weight: 650,
        producerName: '北牧場',
        breeding: { parity, breedingMemo: null },
      },
      events,
    );
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
  const holsteinCalf = (offset: number, gender: '雌' | '雄', name?: string) =>
    bornCalf(ctx, day(offset), 'ホルスタイン', { gender, name });
  return [
    // F1: ホルスタイン × 黒毛和種, due in 55 days (service 283 days before): dry-off due, calving within 60 days.
    dairy(
      'ミルキー',
      [
        calving(-228 - 75, [holsteinCalf(-228 - 75, '雌')]),
        service(-228, { sireName: '百合茂', sireBreed: '黒毛和種' }),
        pregnant(-190),
      ],
      2,
    ),
    // A 黒毛和種 embryo in a ホルスタイン: due 278 days after the transfer, in about four months.
    dairy(
      'ホワイト',
      [
        calving(-158 - 80, [holsteinCalf(-158 - 80, '雄')]),
        service(-158, { method: 'ET', embryoId: 'ET-北-0412', embryoBreed: '黒毛和種' }),
        pregnant(-118),
      ],
      3,
    ),
    // Pure ホルスタイン, due in 40 days and already dried off; her last calving was twins.
    dairy(
      'ハナ',
      [
        calving(-240 - 85, [holsteinCalf(-240 - 85, '雌', 'ハナ1'), holsteinCalf(-240 - 85, '雄', 'ハナ2')]),
        service(-240, { sireName: 'ジャスティス', sireBreed: 'ホルスタイン' }),
        pregnant(-200),
        { eventType: 'DRY_OFF', eventDatetime: at(day(-20), 9) },
      ],
      1,
    ),
    // Twins 20 days ago, one born dead.
    ...[
      [
        service(-20 - 285, { sireName: '茂洋' }),
        pregnant(-20 - 245),
        calving(
          -20,
          [
            { ...bornCalf(ctx, day(-20), '黒毛和種', { gender: '雌', name: 'さつき1' }), weightKg: 24 },
            { gender: '雄', stillborn: true },
          ],
          true,
        ),
      ],
    ].map((events) =>
      cow(
        {
          name: 'さつき',
          gender: '雌',
          growthStage: 'MULTI_PAROUS',
          birthday: cowBirthday(ctx.rng, events, 3),
          breed: '黒毛和種',
          barn: '繁殖牛舎A',
          score: 4,
          producerName: '北牧場',
          breeding: { parity: 3, breedingMemo: '双子分娩（1頭死産）。子牛の哺乳に注意。' },
        },
        events,
      ),
    ),
    // A stillbirth at term 50 days ago, her first calving: counted as her calving.
    ...[
      [
        service(-50 - 284, { sireName: '安福久' }),
        pregnant(-50 - 244),
        {
          eventType: 'STILLBIRTH',
          eventDatetime: at(day(-50), 3, 20),
          notes: '分娩時に死産。獣医確認済み。',
        } satisfies NewEvent,
      ],
    ].map((events) =>
      cow(
        {
          name: 'しずか',
          gender: '雌',
          growthStage: 'FIRST_CALVED',
          birthday: cowBirthday(ctx.rng, events, 0),
          breed: '黒毛和種',
          barn: '繁殖牛舎B',
          score: 3,
          producerName: '北牧場',
        },
        events,
      ),
    ),
    // Fifteen months old and never bred: time to serve her.
    cow(
      {
        name: 'はつ',
        gender: '雌',
        growthStage: 'GROWING',
        birthday: day(-460),
        breed: '黒毛和種',
        barn: '育成牛舎',
        producerName: '北牧場',
      },
      [{ eventType: 'WEANING', eventDatetime: at(day(-460 + 110), 9) }],
    ),
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

/**
 * Registers the herd and records its history through the same use cases and statement builders as the app's forms:
 * POST /cattle's validation and batch, the events module (the breeding engine; a calving registers its calves),
 * POST /shipments' rows for the calves sold, the plans' statements, then the alerts of the day.
 */
export async function seedDemoHerd(scope: Scope, today: IsoDate) {
  const plan = planDemoHerd(today);
  const inputs = plan.animals.map((animal) => createCattleSchema.parse(animal.input));
  const ids = await registerHerd(scope, inputs);
  for (const [index, animal] of plan.animals.entries()) {
    await recordEvents(scope, ids[index], animal.events, { today });
  }
  // Calves were registered by their mothers' CALVING events; now their own lives, a sale's SHIPMENT event last.
  const calfIds = await idsByIdentificationNumber(
    scope.db,
    scope.farmId,
    plan.calves.map((calf) => calf.identificationNumber),
  );
  for (const calf of plan.calves) {
    const calfId = calfIds.get(calf.identificationNumber);
    if (calfId) await recordEvents(scope, calfId, calf.events, { today });
  }
  // Castrated at 2–3 months, as an import's update would write it, in one batch.
  const steers = plan.calves.filter((calf) => calf.castrated);
  if (steers.length > 0)
    await runBatch(
      scope.db,
      updateHerdStatements(
        scope,
        steers.map((calf) => ({ identificationNumber: calf.identificationNumber, gender: '去勢' })),
      ),
    );
  const statements: Statement[] = [];
  for (const calf of plan.calves) {
    const cattleId = calfIds.get(calf.identificationNumber);
    if (!cattleId || !calf.shipment) continue;
    const { cattleId: _id, ...shipment } = createShipmentSchema.parse({ cattleId, ...calf.shipment });
    statements.push(...shipmentRowStatements(scope, { cattleId, birthday: calf.birthday }, shipment));
  }
  const planned = [
    ...plan.animals.map((animal, i) => ({ cattleId: ids[i], month: animal.plannedMonth })),
    ...plan.calves.map((calf) => ({ cattleId: calfIds.get(calf.identificationNumber), month: calf.plannedMonth })),
  ].filter((p): p is { cattleId: number; month: string } => p.cattleId !== undefined && p.month !== null);
  const statuses = await statusesOf(
    scope.db,
    scope.farmId,
    planned.map((p) => p.cattleId),
  );
  for (const { cattleId, month } of planned) {
    const status = statuses.get(cattleId) ?? 'HEALTHY';
    statements.push(...planShipmentStatements(scope, { cattleId, status }, month));
  }
  for (let i = 0; i < statements.length; i += 100) await runBatch(scope.db, statements.slice(i, i + 100));
  await seedDemoProgrammes(scope, today);
  await seedDemoFilings(scope, today);
  await seedDemoPens(scope, today);
  await regenerateAlerts(scope.db, scope.farmId, undefined, { today });
}

async function statusesOf(db: Db, farmId: number, cattleIds: number[]) {
  const statuses = new Map<number, string>();
  for (let i = 0; i < cattleIds.length; i += 90) {
    const rows = await db
      .select({ id: cattle.cattleId, status: cattle.status })
      .from(cattle)
      .where(and(eq(cattle.farmId, farmId), inArray(cattle.cattleId, cattleIds.slice(i, i + 90))));
    for (const row of rows) statuses.set(row.id, row.status);
  }
  return statuses;
}

/** Creates the demo account and its farm when they do not exist yet. */
export async function seedDemoFarm(
  env: Env,
  today: IsoDate = todayJst(),
): Promise<{ created: boolean; userId: number }> {
  const db = directoryDb(env);
  const [existing] = await db
    .select({
      id: users.id,
      farmId: farmMembers.farmId,
    })
    .from(users)
    .leftJoin(farmMembers, and(eq(farmMembers.userId, users.id), eq(farmMembers.role, 'owner')))
    .where(eq(users.email, DEMO_EMAIL))
    .limit(1);
  if (existing?.farmId) {
    const [herd] = await (await farmDb(env, existing.farmId))
      .select({ animals: sql<number>`count(*)` })
      .from(cattle)
      .where(eq(cattle.farmId, existing.farmId));
    if (herd.animals > 0) {
      await seedDemoPeople(env, existing.id, () => hashPassword(DEMO_PASSWORD), today);
      return { created: false, userId: existing.id };
    }
  }
  // A demo account without animals is a seeding that was cut short (e.g. the server stopped mid-way): fill it.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [user] = existing
    ? [{ id: existing.id }]
    : await db
        .insert(users)
        .values({
          email: DEMO_EMAIL,
          userName: DEMO_OWNER_NAME,
          passwordHash,
          isVerified: true,
          oauthProvider: 'email',
        })
        .returning({ id: users.id });
  const farmId = existing?.farmId ?? (await createFarm(env, user.id, DEMO_FARM_NAME));
  await addDemoStaff(db, farmId, passwordHash);
  const scope = { db: await farmDb(env, farmId), farmId, userId: user.id, userName: DEMO_OWNER_NAME, actor: 'system' };
  await seedDemoHerd(scope, today);
  await seedDemoInseminator(env, farmId, passwordHash, today);
  await seedDemoHistory(scope, today);
  await seedDemoPeople(env, user.id, async () => passwordHash, today);
  // The hired hand is linked to LINE and has recorded a weight by message (§25).
  await seedDemoLineChat(env, DEMO_STAFF_EMAIL, farmId);
  return { created: true, userId: user.id };
}
