import type { Context } from 'hono';
import { addDays, addMonths, jstMonth, monthRange, todayJst } from '../domain/calendar';
import {
  breedingKpi,
  compareMonths,
  cowsBehindKpi,
  lookBackStart,
  monthlyTrend,
  monthsEndingWith,
  type Period,
} from '../domain/kpi';
import type { AppEnv } from '../env';
import { validationError } from '../lib/errors';
import { createRouter } from '../lib/http';
import { cowHistories } from './kpi.cache';
import {
  calculateBreedingKpi,
  getBreedingCows,
  getBreedingDelta,
  getBreedingKpi,
  getBreedingTrends,
} from './kpi.routes';
import { type BreedingKpiQuery, PERIOD_ORDER_MESSAGE } from './kpi.schemas';

/** The default period is the last 365 days, today included (JST). */
export function resolvePeriod(query: BreedingKpiQuery, today = todayJst()): Period {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -364);
  if (from > to) throw validationError(PERIOD_ORDER_MESSAGE, 'from');
  return { from, to };
}

/** Every cow's history, read once for all the periods asked about (one D1 round trip, none while kept). */
const historiesFor = (c: Context<AppEnv>, periods: readonly Period[]) =>
  cowHistories(c.get('farmDb'), c.get('farmId'), c.get('kpiVersion'), lookBackStart(periods));

export const kpiRouter = createRouter()
  .openapi(getBreedingKpi, async (c) => {
    const period = resolvePeriod(c.req.valid('query'));
    const cows = await historiesFor(c, [period]);
    return c.json({ data: breedingKpi(cows, period) }, 200);
  })
  .openapi(calculateBreedingKpi, async (c) => {
    const period = resolvePeriod({});
    const cows = await historiesFor(c, [period]);
    return c.json({ data: breedingKpi(cows, period) }, 200);
  })
  .openapi(getBreedingCows, async (c) => {
    const period = resolvePeriod(c.req.valid('query'));
    const cows = await historiesFor(c, [period]);
    return c.json({ data: { period, results: cowsBehindKpi(cows, period) } }, 200);
  })
  .openapi(getBreedingTrends, async (c) => {
    const { months: count, to } = c.req.valid('query');
    const months = monthsEndingWith(to ?? jstMonth(), count);
    const periods = months.map(monthRange);
    const cows = await historiesFor(c, periods);
    const span = { from: periods[0].from, to: periods[periods.length - 1].to };
    return c.json({ data: { ...span, months: monthlyTrend(cows, months) } }, 200);
  })
  .openapi(getBreedingDelta, async (c) => {
    // Complete months only: by default the last complete month against the one before (§8).
    const month = c.req.valid('query').month ?? addMonths(jstMonth(), -1);
    const previousMonth = addMonths(month, -1);
    const periods = [monthRange(month), monthRange(previousMonth)];
    const cows = await historiesFor(c, periods);
    const current = breedingKpi(cows, periods[0]);
    const previous = breedingKpi(cows, periods[1]);
    return c.json({ data: { month, previousMonth, metrics: compareMonths(current, previous) } }, 200);
  });
