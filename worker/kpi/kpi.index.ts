import { and, eq, gte, inArray, lt, or } from 'drizzle-orm';
import { getDb } from '../db/client';
import { cattle, events } from '../db/schema';
import type { Env } from '../env';
import { validationError } from '../lib/errors';
import { createRouter } from '../lib/http';
import { addDays, addMonths, jstMonth, monthRange, todayJst } from '../lib/jst';
import {
  BREEDING_EVENT_TYPES,
  LOOKBACK_DAYS,
  compareMonths,
  monthlyTrend,
  monthsEndingWith,
  readBreedingHistory,
  summarizeBreedingKpi,
  type BreedingHistory,
  type Period,
} from './breeding-kpi';
import { calculateBreedingKpi, getBreedingDelta, getBreedingKpi, getBreedingTrends } from './kpi.routes';
import { PERIOD_ORDER_MESSAGE, type BreedingKpiQuery } from './kpi.schemas';

const GAP_EVENT_TYPES = ['CALVING', 'INSEMINATION'];

/**
 * One query: the owner's breeding events of the period and the calvings and inseminations of the look-back before it.
 * The bounds are widened by a day on text so that any ISO offset is caught; the JST dates are exact in memory.
 */
async function loadBreedingHistory(env: Env, ownerUserId: number, period: Period): Promise<BreedingHistory> {
  const rows = await getDb(env)
    .select({ cattleId: events.cattleId, eventType: events.eventType, eventDatetime: events.eventDatetime })
    .from(events)
    .innerJoin(cattle, and(eq(cattle.cattleId, events.cattleId), eq(cattle.ownerUserId, ownerUserId)))
    .where(
      and(
        eq(events.ownerUserId, ownerUserId),
        gte(events.eventDatetime, addDays(period.from, -(LOOKBACK_DAYS + 1))),
        lt(events.eventDatetime, addDays(period.to, 2)),
        // Before the period only calvings and inseminations matter (they open the gaps that end in it); the other
        // breeding events are counted in the period alone. Fewer rows, same result.
        or(
          inArray(events.eventType, GAP_EVENT_TYPES),
          and(inArray(events.eventType, [...BREEDING_EVENT_TYPES]), gte(events.eventDatetime, addDays(period.from, -1))),
        ),
      ),
    );
  // readBreedingHistory sorts per animal itself, so SQLite need not sort tens of thousands of rows first.
  return readBreedingHistory(rows);
}

/** The default period is the last 365 days, today included (JST). */
export function resolvePeriod(query: BreedingKpiQuery, today = todayJst()): Period {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -364);
  if (from > to) throw validationError(PERIOD_ORDER_MESSAGE, 'from');
  return { from, to };
}

async function breedingKpi(env: Env, ownerUserId: number, period: Period) {
  return summarizeBreedingKpi(await loadBreedingHistory(env, ownerUserId, period), period);
}

export const kpiRouter = createRouter()
  .openapi(getBreedingKpi, async (c) => {
    const period = resolvePeriod(c.req.valid('query'));
    return c.json({ data: await breedingKpi(c.env, c.get('userId'), period) }, 200);
  })
  .openapi(calculateBreedingKpi, async (c) => {
    return c.json({ data: await breedingKpi(c.env, c.get('userId'), resolvePeriod({})) }, 200);
  })
  .openapi(getBreedingTrends, async (c) => {
    const { months: count, to } = c.req.valid('query');
    const months = monthsEndingWith(to ?? jstMonth(), count);
    const period = { from: monthRange(months[0]).from, to: monthRange(months[months.length - 1]).to };
    const history = await loadBreedingHistory(c.env, c.get('userId'), period);
    return c.json({ data: { ...period, months: monthlyTrend(history, months) } }, 200);
  })
  .openapi(getBreedingDelta, async (c) => {
    const month = c.req.valid('query').month ?? jstMonth();
    const previousMonth = addMonths(month, -1);
    const history = await loadBreedingHistory(c.env, c.get('userId'), {
      from: monthRange(previousMonth).from,
      to: monthRange(month).to,
    });
    const current = summarizeBreedingKpi(history, monthRange(month));
    const previous = summarizeBreedingKpi(history, monthRange(previousMonth));
    return c.json({ data: { month, previousMonth, metrics: compareMonths(current, previous) } }, 200);
  });
