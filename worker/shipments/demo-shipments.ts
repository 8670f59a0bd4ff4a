import { type RegisterCattleInput, registerHerd } from '../cattle/cattle.service';
import { runBatch, type Statement } from '../db/batch';
import type { Scope } from '../db/scope';
import { addDays, addMonths, type IsoDate, jstMonth, todayJst } from '../domain/calendar';
import { identificationFromNumber } from '../domain/identification';
import { firstEventsStatements } from '../events/events.service';
import { seededRandom } from '../lib/seeded-random';
import { planShipmentStatements, shipmentEvent, shipmentRowStatements } from './shipments.service';

/** An animal of the demo herd, as the demo seeder created it. */
export interface DemoAnimal {
  cattleId: number;
  gender: string | null;
  growthStage: string | null;
  birthday: IsoDate | null;
  motherCattleId?: number | null;
  name?: string | null;
  status?: string;
  identificationNumber?: string | null;
}

export interface DemoShipmentOptions {
  /** Defaults to the current JST day. */
  today?: IsoDate;
  /** First 個体識別番号 for the animals already shipped (they are not in the herd any more). */
  firstIdentificationNumber?: number;
}

const CALF_MARKETS = ['全農 鹿児島中央家畜市場', '全農 宮崎中央家畜市場', '全農 熊本家畜市場'];
const MEAT_MARKETS = ['東京都中央卸売市場食肉市場', '大阪市中央卸売市場南港市場', '全農 ミートフーズ'];
const SIRES = ['安福久', '美国桜', '百合茂', '勝早桜5', '福之姫', '若百合', '幸紀雄'];
const MATERNAL = ['安平', '平茂勝', '北国7の8', '糸桜', '金幸', '忠富士'];
const CALF_NAMES = ['ふく', 'はる', 'ゆき', 'さち', 'みつ', 'たま', 'きく', 'まる', 'こう', 'ひで', 'かつ', 'もも'];

const isBreedingCow = (a: DemoAnimal) =>
  a.gender === '雌' && (a.growthStage === 'MULTI_PAROUS' || a.growthStage === 'FIRST_CALVED');
const isGone = (a: DemoAnimal) => a.status === 'SHIPPED' || a.status === 'DEAD';
const daysFromMonths = (months: number) => Math.round(months * 30.44);

interface PastShipment {
  identificationNumber: string;
  motherCattleId: number;
  name: string;
  gender: '去勢' | '雌';
  growthStage: 'CALF' | 'FATTENING';
  birthday: IsoDate;
  shipmentDate: IsoDate;
  price: number;
  weight: number;
  buyer: string;
  pedigree: [string, string, string, string];
}

/**
 * About two years of market shipments of the demo farm and its plans for the coming months, as statements for
 * the demo seeder's db.batch:
 * - Calves the herd's cows bore earlier (one about every 13 months before their youngest calf in the herd) were
 *   sold at 9–10 months at a calf market: steers ~70–80万円, heifers ~58–68万円. Every fourth steer calf was
 *   kept and fattened, then sold at 28–30 months for 100–150万円. These animals are inserted as SHIPPED with
 *   registered and shipped through the herd register's and shipments' own statements, with their mother and
 *   pedigree, so the mother list and statistics have real content.
 * - Steer and bull calves in the herd are planned for the month they turn 10 months, heifer calves every other
 *   one; fattening steers for the month they turn 29 months (never before the current month).
 * The herd's own animals are never shipped here.
 */
export async function seedDemoShipments(scope: Scope, animals: DemoAnimal[], options: DemoShipmentOptions = {}) {
  const farmId = scope.farmId;
  const today = options.today ?? todayJst();
  const windowStart = addDays(today, -730);
  const rand = seededRandom(farmId * 7919 + animals.length);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const between = (min: number, max: number) => min + rand() * (max - min);
  const taken = new Set(animals.map((a) => a.identificationNumber).filter(Boolean));
  let nextNumber = options.firstIdentificationNumber ?? 598_300_000;
  const newNumber = () => {
    while (taken.has(identificationFromNumber(nextNumber))) nextNumber++;
    const number = identificationFromNumber(nextNumber++);
    taken.add(number);
    return number;
  };

  const past: PastShipment[] = [];
  let steerCount = 0;
  for (const cow of animals.filter((a) => isBreedingCow(a) && a.birthday)) {
    const herdCalves = animals.filter((a) => a.motherCattleId === cow.cattleId && a.birthday).map((a) => a.birthday!);
    const youngest = herdCalves.sort().at(-1) ?? addDays(today, -Math.round(between(60, 200)));
    for (let k = 1; k <= 3; k++) {
      const birthday = addDays(youngest, -k * Math.round(between(380, 420)));
      if (birthday < addDays(cow.birthday!, 700)) break; // a heifer first calves at about two years
      const gender = rand() < 0.52 ? '去勢' : '雌';
      const fattened = gender === '去勢' && ++steerCount % 4 === 0;
      const shipmentDate = addDays(
        birthday,
        fattened ? daysFromMonths(between(28, 30)) : daysFromMonths(between(9, 10)),
      );
      if (shipmentDate < windowStart || shipmentDate >= today) continue;
      const name = `${cow.name ?? ''}${pick(CALF_NAMES)}`.slice(0, 20) || pick(CALF_NAMES);
      past.push({
        identificationNumber: newNumber(),
        motherCattleId: cow.cattleId,
        name,
        gender,
        growthStage: fattened ? 'FATTENING' : 'CALF',
        birthday,
        shipmentDate,
        price: fattened
          ? Math.round(between(1_000_000, 1_500_000) / 1000) * 1000
          : Math.round((gender === '去勢' ? between(700_000, 800_000) : between(580_000, 680_000)) / 1000) * 1000,
        weight:
          Math.round((fattened ? between(720, 830) : gender === '去勢' ? between(280, 320) : between(255, 290)) * 10) /
          10,
        buyer: fattened ? pick(MEAT_MARKETS) : pick(CALF_MARKETS),
        pedigree: [pick(SIRES), pick(MATERNAL), pick(MATERNAL), pick(MATERNAL)],
      });
    }
  }

  // The sold animals are registered as the form would, then shipped as POST /shipments does.
  const inputs: RegisterCattleInput[] = past.map((p) => ({
    identificationNumber: p.identificationNumber,
    name: p.name,
    gender: p.gender,
    growthStage: p.growthStage,
    birthday: p.birthday,
    breed: '黒毛和種',
    weight: p.weight,
    producerName: '北牧場',
    motherInfo: { motherCattleId: p.motherCattleId },
    bloodline: {
      fatherCattleName: p.pedigree[0],
      motherFatherCattleName: p.pedigree[1],
      motherGrandFatherCattleName: p.pedigree[2],
      motherGreatGrandFatherCattleName: p.pedigree[3],
    },
  }));
  const ids = await registerHerd(scope, inputs);
  // Fattened steers come back with their carcass grade (枝肉成績, §9.3), from a generator of their own so the rest of
  // the demo stays as it was.
  const gradeRand = seededRandom(farmId * 104_729 + past.length);
  const carcassOf = () => {
    const qualityGrade = [5, 4, 5, 4, 3][Math.floor(gradeRand() * 5)];
    const bms =
      qualityGrade === 5
        ? 8 + Math.floor(gradeRand() * 5)
        : qualityGrade === 4
          ? 5 + Math.floor(gradeRand() * 3)
          : 3 + Math.floor(gradeRand() * 2);
    return {
      yieldGrade: gradeRand() < 0.8 ? ('A' as const) : ('B' as const),
      qualityGrade,
      bms,
      weightKg: Math.round(430 + gradeRand() * 130),
      notes: null,
    };
  };
  const statements: Statement[] = past.flatMap((p, i) => [
    ...firstEventsStatements(scope, ids[i], inputs[i], [shipmentEvent(p.shipmentDate)], { today }).statements,
    ...shipmentRowStatements(
      scope,
      { cattleId: ids[i], birthday: p.birthday },
      {
        shipmentDate: p.shipmentDate,
        price: p.price,
        weight: p.weight,
        buyer: p.buyer,
        notes: null,
        carcass: p.growthStage === 'FATTENING' ? carcassOf() : null,
      },
    ),
  ]);

  const currentMonth = jstMonth(new Date(`${today}T12:00:00+09:00`));
  let heiferTurn = 0;
  for (const animal of animals) {
    if (isGone(animal) || !animal.birthday) continue;
    let month: string | null = null;
    const youngStock = animal.growthStage === 'CALF' || animal.growthStage === 'GROWING';
    if (
      youngStock &&
      (animal.gender === '去勢' || animal.gender === '雄' || (animal.gender === '雌' && heiferTurn++ % 2 === 0))
    ) {
      month = addDays(animal.birthday, daysFromMonths(10)).slice(0, 7);
      if (month > addMonths(currentMonth, 8)) month = null;
    } else if (animal.growthStage === 'FATTENING' && animal.gender !== '雌') {
      month = addDays(animal.birthday, daysFromMonths(29)).slice(0, 7);
      if (month > addMonths(currentMonth, 8)) month = null;
    }
    if (!month) continue;
    if (month < currentMonth) month = addMonths(currentMonth, 1);
    statements.push(
      ...planShipmentStatements(scope, { cattleId: animal.cattleId, status: animal.status ?? 'HEALTHY' }, month),
    );
  }
  for (let i = 0; i < statements.length; i += 100) await runBatch(scope.db, statements.slice(i, i + 100));
  return { shipped: past.length };
}
