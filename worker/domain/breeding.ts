/**
 * The breeding engine (docs/product.md §6): an animal's breeding_status, breeding_summary, and the status, growth
 * stage and weight its events imply, as a pure function of its events, breed, initial parity and today (JST).
 * No I/O: the same input always gives the same output, whatever order the events are given in.
 */

import { parityAfter } from './breeding-parity';
import { addDays, daysBetween, type IsoDate, jstDate } from './calendar';
import type { CattleStatus, GrowthStage } from './cattle-enums';
import { EVENT_TYPE_INFO, type EventType, isEventType } from './event-types';
import { calfOfService, gestationDays, type ServiceFacts } from './gestation';

export interface EngineEvent {
  eventId: number;
  eventType: string;
  /** An ISO instant; its JST calendar date is the day that counts. */
  eventDatetime: string;
  details?: unknown;
}

export interface BreedingInput {
  breed: string | null | undefined;
  /** Calvings before the animal was registered (breeding_status.initial_parity); null when unknown (§5). */
  initialParity: number | null;
  /** The animal's stage now; a WEANING recorded on a cow (for her calf) does not make her 育成期. */
  growthStage?: string | null;
  events: readonly EngineEvent[];
  today: IsoDate;
}

/** Every column of breeding_status the engine owns (breedingMemo stays the farmer's). */
export interface BreedingStatusState {
  /** Calvings, the registered ones included; null while the registered count is unknown (§5: never invented). */
  parity: number | null;
  expectedCalvingDate: IsoDate | null;
  scheduledPregnancyCheckDate: IsoDate | null;
  lastCalvingDate: IsoDate | null;
  lastInseminationDate: IsoDate | null;
  /** The date of the insemination confirmed by a PREGNANT check; set only while pregnant. */
  conceptionDate: IsoDate | null;
  lastEstrusDate: IsoDate | null;
  daysAfterCalving: number | null;
  daysOpen: number | null;
  pregnancyDays: number | null;
  daysAfterInsemination: number | null;
  inseminationCount: number;
  isDifficultBirth: boolean;
}

interface BreedingSummaryState {
  totalInseminationCount: number;
  averageDaysOpen: number | null;
  averagePregnancyPeriod: number | null;
  averageCalvingInterval: number | null;
  difficultBirthCount: number;
  pregnancyHeadCount: number;
  pregnancySuccessRate: number | null;
}

export interface BreedingResult {
  breedingStatus: BreedingStatusState;
  breedingSummary: BreedingSummaryState;
  /** The status the event history implies, or null when no event says anything about status. */
  impliedStatus: CattleStatus | null;
  /** The event type that decided impliedStatus (for the status-history reason). */
  statusCause: EventType | null;
  /** The growth stage the events imply, or null when none of them moves it. */
  impliedGrowthStage: GrowthStage | null;
  /** The weight of the latest WEIGHT_MEASURED event, or null. */
  impliedWeight: number | null;
}

/** Order of types that share one instant, in the order things happen in a cow's life. */
const SAME_INSTANT_ORDER: readonly EventType[] = [
  'ARRIVAL',
  'CALVING',
  'STILLBIRTH',
  'ABORTION',
  'WEANING',
  'START_FATTENING',
  'ESTRUS',
  'EXPECTED_ESTRUS',
  'INSEMINATION',
  'PREGNANCY_CHECK',
  'EXPECTED_CALVING',
  'DRY_OFF',
  'DIAGNOSIS',
  'TREATMENT_STARTED',
  'MEDICATION',
  'VACCINATION',
  'HOOF_TRIMMING',
  'TREATMENT_COMPLETED',
  'WEIGHT_MEASURED',
  'OTHER',
  'SHIPMENT',
  'DEATH',
];

const rank = (type: string) => {
  const i = SAME_INSTANT_ORDER.indexOf(type as EventType);
  return i < 0 ? SAME_INSTANT_ORDER.length : i;
};
const detailsKey = (details: unknown) => (details == null ? '' : JSON.stringify(details));

/**
 * Chronological order that does not depend on input order: instant, then life order within an instant, then
 * details (so two differing same-instant events of one type always fold the same way), then id.
 */
function chronological<T extends EngineEvent>(events: readonly T[]): T[] {
  return [...events].sort(
    (a, b) =>
      Date.parse(a.eventDatetime) - Date.parse(b.eventDatetime) ||
      rank(a.eventType) - rank(b.eventType) ||
      (detailsKey(a.details) < detailsKey(b.details) ? -1 : detailsKey(a.details) > detailsKey(b.details) ? 1 : 0) ||
      a.eventId - b.eventId,
  );
}

const record = (details: unknown): Record<string, unknown> =>
  details && typeof details === 'object' && !Array.isArray(details) ? (details as Record<string, unknown>) : {};

/** A calving without a recorded PREGNANT check is taken to come from the cycle's last AI when the gap fits. */
const PLAUSIBLE_GESTATION = { min: 260, max: 300 };

/** A second straw on the service's first day or the day after belongs to that service (one heat). */
const SERVICE_MERGE_DAYS = 1;
/** A heat this many days or more after a service means the service failed; an earlier one changes nothing. */
const RETURN_HEAT_MIN_DAYS = 18;
/** Two births (calving, stillbirth) within this many days are one birth: twins entered apart, a calf born dead. */
const SAME_BIRTH_DAYS = 1;

/** A service: one heat's inseminations, dated by the last (docs/product.md §6). */
interface Service {
  firstDay: IsoDate;
  day: IsoDate;
  facts: ServiceFacts;
}

const serviceFacts = (details: Record<string, unknown>): ServiceFacts => {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const facts: ServiceFacts = {};
  if (text(details.method)) facts.method = text(details.method);
  if (text(details.sireBreed)) facts.sireBreed = text(details.sireBreed);
  if (text(details.embryoBreed)) facts.embryoBreed = text(details.embryoBreed);
  return facts;
};

const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (values: number[]) => (values.length ? round1(values.reduce((s, v) => s + v, 0) / values.length) : null);

const ADULT_STAGES: readonly string[] = ['FIRST_CALVED', 'MULTI_PAROUS'];

/**
 * The EXPECTED_CALVING override. Its event is dated on the expected day (usually in the future), so it is not
 * folded in time order. It belongs to the insemination it fits best (240–320 days before it, nearest to the
 * breed's gestation) and applies when that is the current cycle's insemination — or when it fits none (a cow
 * bought in calf, or the farmer's own estimate) — and it is dated after the last calving, abortion, stillbirth
 * or OPEN check. Of several, the last entered wins.
 */
function expectedCalvingOverride(
  events: readonly EngineEvent[],
  gestation: number,
  cycle: { cycleInsemination: IsoDate | null; inseminations: IsoDate[]; lastPregnancyEnd: IsoDate | null },
): IsoDate | null {
  let best: { eventId: number; day: IsoDate } | null = null;
  for (const event of events) {
    if (event.eventType !== 'EXPECTED_CALVING') continue;
    const day = jstDate(event.eventDatetime);
    if (cycle.lastPregnancyEnd && day <= cycle.lastPregnancyEnd) continue;
    let owner: { ai: IsoDate; miss: number } | null = null;
    for (const ai of cycle.inseminations) {
      const gap = daysBetween(ai, day);
      if (gap < 240 || gap > 320) continue;
      const miss = Math.abs(gap - gestation);
      if (!owner || miss < owner.miss || (miss === owner.miss && ai > owner.ai)) owner = { ai, miss };
    }
    const applies = !owner || owner.ai === cycle.cycleInsemination;
    if (applies && (!best || event.eventId > best.eventId)) best = { eventId: event.eventId, day };
  }
  return best?.day ?? null;
}

/** Day counts of a breeding_status row as of `today` (docs/product.md §6: compute on read). */
export function dayCountsAsOf(
  row: Pick<BreedingStatusState, 'lastCalvingDate' | 'lastInseminationDate' | 'conceptionDate'>,
  today: IsoDate,
): Pick<BreedingStatusState, 'daysAfterCalving' | 'daysAfterInsemination' | 'pregnancyDays' | 'daysOpen'> {
  const { lastCalvingDate, lastInseminationDate, conceptionDate } = row;
  return {
    daysAfterCalving: lastCalvingDate ? daysBetween(lastCalvingDate, today) : null,
    daysAfterInsemination: lastInseminationDate ? daysBetween(lastInseminationDate, today) : null,
    pregnancyDays: conceptionDate ? daysBetween(conceptionDate, today) : null,
    daysOpen: lastCalvingDate ? daysBetween(lastCalvingDate, conceptionDate ?? today) : null,
  };
}

/** The animal's breeding state and the status, growth stage and weight its events imply. */
export function computeBreeding(input: BreedingInput): BreedingResult {
  const gestation = gestationDays(input.breed);
  const events = chronological(input.events.filter((e) => isEventType(e.eventType)));

  let calvings = 0;
  let lastCalvingDate: IsoDate | null = null;
  let isDifficultBirth = false;
  // The current cycle, which starts again at each calving.
  let inseminationCount = 0;
  let lastInseminationDate: IsoDate | null = null;
  let lastEstrusDate: IsoDate | null = null;
  let conceptionDate: IsoDate | null = null;
  let pregnant = false;
  let checkPending = false;
  let service: Service | null = null;
  let conceivingService: Service | null = null;
  let lastBirthDay: IsoDate | null = null;
  // For deciding which EXPECTED_CALVING events still apply (they are dated in the future, so not folded).
  let cycleInsemination: IsoDate | null = null;
  const inseminations: IsoDate[] = [];
  let lastPregnancyEnd: IsoDate | null = null;
  // Status layers: terminal beats treatment beats breeding.
  let terminal: { status: CattleStatus; cause: EventType } | null = null;
  let treatment: { state: 'TREATING' | 'DONE'; cause: EventType } | null = null;
  let breedingLayer: { status: CattleStatus; cause: EventType } | null = null;
  let growthStage: GrowthStage | null = null;
  let weight: number | null = null;
  // Whole-history summary.
  let totalInseminations = 0;
  let difficultBirths = 0;
  let pregnancies = 0;
  let conceptionsFromInsemination = 0;
  let pregnantFromInsemination = false;
  const daysOpenValues: number[] = [];
  const pregnancyPeriods: number[] = [];
  const calvingDates: IsoDate[] = [];

  const clearPregnancy = () => {
    pregnant = false;
    conceptionDate = null;
    conceivingService = null;
    checkPending = false;
  };
  const endPregnancy = (day: IsoDate) => {
    clearPregnancy();
    cycleInsemination = null;
    lastPregnancyEnd = day;
  };

  for (const event of events) {
    const day = jstDate(event.eventDatetime);
    const details = record(event.details);
    const type = event.eventType as EventType;
    switch (type) {
      case 'ESTRUS':
        lastEstrusDate = day;
        // A return heat 18 days or more after the service: it failed, its pregnancy check is no longer due.
        if (service && checkPending && daysBetween(service.day, day) >= RETURN_HEAT_MIN_DAYS) checkPending = false;
        if (breedingLayer?.status === 'RESTING') breedingLayer = { status: 'HEALTHY', cause: type };
        break;
      case 'INSEMINATION': {
        const facts = serviceFacts(details);
        if (service && !pregnant && daysBetween(service.firstDay, day) <= SERVICE_MERGE_DAYS) {
          // A second straw in the same heat: the same service, dated by the later one.
          service.day = day;
          service.facts = { ...service.facts, ...facts };
          lastInseminationDate = day;
          cycleInsemination = day;
          inseminations[inseminations.length - 1] = day;
          checkPending = true;
          break;
        }
        // A new service means any pregnancy recorded before it did not hold.
        if (pregnant) clearPregnancy();
        service = { firstDay: day, day, facts };
        inseminationCount += 1;
        totalInseminations += 1;
        lastInseminationDate = day;
        cycleInsemination = day;
        inseminations.push(day);
        checkPending = true;
        if (breedingLayer && breedingLayer.status !== 'HEALTHY') breedingLayer = { status: 'HEALTHY', cause: type };
        break;
      }
      case 'PREGNANCY_CHECK': {
        checkPending = false;
        if (details.result === 'PREGNANT') {
          if (!pregnant) {
            pregnancies += 1;
            pregnantFromInsemination = cycleInsemination !== null;
            if (pregnantFromInsemination) conceptionsFromInsemination += 1;
            if (lastCalvingDate && lastInseminationDate)
              daysOpenValues.push(daysBetween(lastCalvingDate, lastInseminationDate));
          }
          pregnant = true;
          conceptionDate = lastInseminationDate;
          conceivingService = service;
          breedingLayer = { status: 'PREGNANT', cause: type };
        } else if (details.result === 'OPEN') {
          if (pregnant) pregnancies -= 1;
          if (pregnant && pregnantFromInsemination) conceptionsFromInsemination -= 1;
          if (pregnant && lastCalvingDate && lastInseminationDate) daysOpenValues.pop();
          endPregnancy(day);
          breedingLayer = { status: 'HEALTHY', cause: type };
        }
        break;
      }
      case 'CALVING':
      case 'STILLBIRTH': {
        // A stillbirth at term is a calving (§6). Two records of one birth count once.
        if (lastBirthDay && daysBetween(lastBirthDay, day) <= SAME_BIRTH_DAYS) {
          if (details.difficult === true && !isDifficultBirth) {
            isDifficultBirth = true;
            difficultBirths += 1;
          }
          break;
        }
        lastBirthDay = day;
        let conceived: IsoDate | null = pregnant ? conceptionDate : null;
        if (!pregnant) {
          // Calved without a recorded PREGNANT check: she was pregnant all the same.
          pregnancies += 1;
          if (lastInseminationDate) {
            const gap = daysBetween(lastInseminationDate, day);
            if (cycleInsemination && gap >= PLAUSIBLE_GESTATION.min && gap <= PLAUSIBLE_GESTATION.max) {
              conceived = lastInseminationDate;
              conceptionsFromInsemination += 1;
              if (lastCalvingDate) daysOpenValues.push(daysBetween(lastCalvingDate, conceived));
            }
          }
        }
        if (conceived) pregnancyPeriods.push(daysBetween(conceived, day));
        calvings += 1;
        calvingDates.push(day);
        lastCalvingDate = day;
        isDifficultBirth = details.difficult === true;
        if (isDifficultBirth) difficultBirths += 1;
        endPregnancy(day);
        inseminationCount = 0;
        lastInseminationDate = null;
        lastEstrusDate = null;
        service = null;
        breedingLayer = { status: 'RESTING', cause: type };
        // An unknown count had calvings before it: only a known first calving makes her 初産.
        growthStage = parityAfter(input.initialParity, calvings) === 1 ? 'FIRST_CALVED' : 'MULTI_PAROUS';
        break;
      }
      case 'ABORTION':
        if (!pregnant) {
          pregnancies += 1;
          if (cycleInsemination) conceptionsFromInsemination += 1;
        }
        endPregnancy(day);
        breedingLayer = { status: 'RESTING', cause: type };
        break;
      case 'DEATH':
        terminal = { status: 'DEAD', cause: type };
        break;
      case 'SHIPMENT':
        if (terminal?.status !== 'DEAD') terminal = { status: 'SHIPPED', cause: type };
        break;
      case 'TREATMENT_STARTED':
        treatment = { state: 'TREATING', cause: type };
        break;
      case 'TREATMENT_COMPLETED':
        treatment = { state: 'DONE', cause: type };
        break;
      case 'WEANING':
        if (growthStage === null && !ADULT_STAGES.includes(input.growthStage ?? '')) {
          growthStage = 'GROWING';
        }
        break;
      case 'START_FATTENING':
        growthStage = 'FATTENING';
        break;
      case 'WEIGHT_MEASURED':
        if (typeof details.weightKg === 'number' && details.weightKg > 0) weight = details.weightKg;
        break;
      default:
        break;
    }
  }

  const override = expectedCalvingOverride(events, gestation, { cycleInsemination, inseminations, lastPregnancyEnd });
  // Due by the calf's breed: a cross's mean gestation, an ET's embryo seven days old already (§6).
  const daysToCalving = calfOfService(input.breed, (conceivingService as Service | null)?.facts).daysToCalving;
  const expectedCalvingDate = override ?? (pregnant && conceptionDate ? addDays(conceptionDate, daysToCalving) : null);
  const scheduledPregnancyCheckDate = checkPending && lastInseminationDate ? addDays(lastInseminationDate, 30) : null;
  const activeConception = pregnant ? conceptionDate : null;

  let impliedStatus: CattleStatus | null = null;
  let statusCause: EventType | null = null;
  const t = terminal as { status: CattleStatus; cause: EventType } | null;
  const tr = treatment as { state: 'TREATING' | 'DONE'; cause: EventType } | null;
  const br = breedingLayer as { status: CattleStatus; cause: EventType } | null;
  if (t) [impliedStatus, statusCause] = [t.status, t.cause];
  else if (tr?.state === 'TREATING') [impliedStatus, statusCause] = ['TREATING', tr.cause];
  else if (br) [impliedStatus, statusCause] = [br.status, br.cause];
  else if (tr) [impliedStatus, statusCause] = ['HEALTHY', tr.cause];

  const calvingIntervals = calvingDates.slice(1).map((d, i) => daysBetween(calvingDates[i], d));

  return {
    breedingStatus: {
      parity: parityAfter(input.initialParity, calvings),
      expectedCalvingDate,
      scheduledPregnancyCheckDate,
      lastCalvingDate,
      lastInseminationDate,
      conceptionDate: activeConception,
      lastEstrusDate,
      ...dayCountsAsOf({ lastCalvingDate, lastInseminationDate, conceptionDate: activeConception }, input.today),
      inseminationCount,
      isDifficultBirth,
    },
    breedingSummary: {
      totalInseminationCount: totalInseminations,
      averageDaysOpen: mean(daysOpenValues),
      averagePregnancyPeriod: mean(pregnancyPeriods),
      averageCalvingInterval: mean(calvingIntervals),
      difficultBirthCount: difficultBirths,
      pregnancyHeadCount: pregnancies,
      pregnancySuccessRate: totalInseminations
        ? Math.min(100, round1((conceptionsFromInsemination / totalInseminations) * 100))
        : null,
    },
    impliedStatus,
    statusCause,
    impliedGrowthStage: growthStage,
    impliedWeight: weight,
  };
}

const STATUS_EVENT_TYPES: ReadonlySet<EventType> = new Set([
  'PREGNANCY_CHECK',
  'INSEMINATION',
  'ESTRUS',
  'CALVING',
  'ABORTION',
  'STILLBIRTH',
  'DEATH',
  'SHIPMENT',
  'TREATMENT_STARTED',
  'TREATMENT_COMPLETED',
]);

/** Whether an event of this type can decide the animal's status. */
export const affectsStatus = (eventType: string) => STATUS_EVENT_TYPES.has(eventType as EventType);

export interface StatusDecision {
  status: CattleStatus | string;
  reason: string | null;
}

/**
 * The animal's status after a change to its events.
 * - When what the events imply changes (before → after), the status follows it.
 * - When the change was a status-deciding event itself (e.g. a TREATMENT_COMPLETED on an animal set to
 *   治療中 by hand), the status becomes what the events imply.
 * - When the events no longer imply anything (the deciding event was deleted), the status goes back to what
 *   it was before the last change (`statusBeforeLastChange`, from cattle_status_history), else HEALTHY.
 * - Otherwise the current status stays, including one the farmer set by hand.
 */
export function resolveStatus(input: {
  currentStatus: string;
  before: Pick<BreedingResult, 'impliedStatus'>;
  after: Pick<BreedingResult, 'impliedStatus' | 'statusCause'>;
  touchedStatusEvent: boolean;
  statusBeforeLastChange?: string | null;
}): StatusDecision {
  const { currentStatus, before, after } = input;
  const changed = before.impliedStatus !== after.impliedStatus;
  if (!changed && !input.touchedStatusEvent) return { status: currentStatus, reason: null };
  if (after.impliedStatus) {
    const label = after.statusCause ? EVENT_TYPE_INFO[after.statusCause].ja : 'イベント';
    return { status: after.impliedStatus, reason: `イベント「${label}」による更新` };
  }
  if (!changed) return { status: currentStatus, reason: null };
  return { status: input.statusBeforeLastChange ?? 'HEALTHY', reason: 'イベントの削除・修正による差し戻し' };
}

/**
 * The growth stage after a change to the events: it follows what the events imply when that changes; when
 * they no longer imply one, it goes back to the stage before the first stage-moving event of the old history.
 */
export function resolveGrowthStage(input: {
  currentStage: string | null;
  initialParity: number | null;
  before: { impliedGrowthStage: GrowthStage | null; events: readonly EngineEvent[] };
  after: Pick<BreedingResult, 'impliedGrowthStage'>;
}): string | null {
  const { before, after } = input;
  if (before.impliedGrowthStage === after.impliedGrowthStage) return input.currentStage;
  if (after.impliedGrowthStage) return after.impliedGrowthStage;
  const first = chronological(before.events).find((e) =>
    ['CALVING', 'WEANING', 'START_FATTENING'].includes(e.eventType),
  );
  if (first?.eventType === 'WEANING') return 'CALF';
  if (first?.eventType === 'START_FATTENING') return 'GROWING';
  if (input.initialParity === null) return 'MULTI_PAROUS';
  if (input.initialParity > 0) return input.initialParity === 1 ? 'FIRST_CALVED' : 'MULTI_PAROUS';
  return 'GROWING';
}

/** The weight after a change to the events: the latest measured weight, or the current one if none is left. */
export function resolveWeight(input: {
  currentWeight: number | null;
  before: Pick<BreedingResult, 'impliedWeight'>;
  after: Pick<BreedingResult, 'impliedWeight'>;
}): number | null {
  if (input.before.impliedWeight === input.after.impliedWeight) return input.currentWeight;
  return input.after.impliedWeight ?? input.currentWeight;
}

/** The service a birth came from: the last service (straws of one heat merged) before it, with its sire. */
export interface ServiceOfBirth {
  /** The service date (its last straw). */
  day: IsoDate;
  facts: ServiceFacts;
  sireName: string | null;
}

/** The last service before `datetime`, or null: what a calving's calves inherit (breed, sire). */
export function serviceBefore(events: readonly EngineEvent[], datetime: string): ServiceOfBirth | null {
  const services: (ServiceOfBirth & { firstDay: IsoDate })[] = [];
  for (const e of chronological(events)) {
    if (e.eventType !== 'INSEMINATION' || Date.parse(e.eventDatetime) >= Date.parse(datetime)) continue;
    const day = jstDate(e.eventDatetime);
    const details = record(e.details);
    const sire = typeof details.sireName === 'string' && details.sireName ? details.sireName : null;
    const last = services.at(-1);
    if (last && daysBetween(last.firstDay, day) <= SERVICE_MERGE_DAYS) {
      last.day = day;
      last.facts = { ...last.facts, ...serviceFacts(details) };
      last.sireName = sire ?? last.sireName;
    } else {
      services.push({ firstDay: day, day, facts: serviceFacts(details), sireName: sire });
    }
  }
  const found = services.at(-1);
  return found ? { day: found.day, facts: found.facts, sireName: found.sireName } : null;
}
