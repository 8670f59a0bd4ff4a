import { getDb } from '../db/client';
import { addDays, addMonths, jstMonth, monthRange, todayJst } from '../domain/calendar';
import { compareMonths, monthlyTrend, monthsEndingWith, type Period, summarizeBreedingKpi } from '../domain/kpi';
import type { Env } from '../env';
import { validationError } from '../lib/errors';
import { createRouter } from '../lib/http';
import { loadPeriodTotals } from './kpi.queries';
import { calculateBreedingKpi, getBreedingDelta, getBreedingKpi, getBreedingTrends } from './kpi.routes';
import { type BreedingKpiQuery, PERIOD_ORDER_MESSAGE } from './kpi.schemas';

/** The default period is the last 365 days, today included (JST). */
export function resolvePeriod(query: BreedingKpiQuery, today = todayJst()): Period {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -364);
  if (from > to) throw validationError(PERIOD_ORDER_MESSAGE, 'from');
  return { from, to };
}

async function breedingKpi(env: Env, farmId: number, period: Period) {
  const [totals] = await loadPeriodTotals(getDb(env), farmId, [period]);
  return summarizeBreedingKpi(totals, period);
}

export const kpiRouter = createRouter()
  .openapi(getBreedingKpi, async (c) => {
    const period = resolvePeriod(c.req.valid('query'));
    return c.json({ data: await breedingKpi(c.env, c.get('farmId'), period) }, 200);
  })
  .openapi(calculateBreedingKpi, async (c) => {
    return c.json({ data: await breedingKpi(c.env, c.get('farmId'), resolvePeriod({})) }, 200);
  })
  .openapi(getBreedingTrends, async (c) => {
    const { months: count, to } = c.req.valid('query');
    const months = monthsEndingWith(to ?? jstMonth(), count);
    const period = { from: monthRange(months[0]).from, to: monthRange(months[months.length - 1]).to };
    const totals = await loadPeriodTotals(getDb(c.env), c.get('farmId'), months.map(monthRange));
    return c.json({ data: { ...period, months: monthlyTrend(totals, months) } }, 200);
  })
  .openapi(getBreedingDelta, async (c) => {
    const month = c.req.valid('query').month ?? jstMonth();
    const previousMonth = addMonths(month, -1);
    const periods = [monthRange(month), monthRange(previousMonth)];
    const [currentTotals, previousTotals] = await loadPeriodTotals(getDb(c.env), c.get('farmId'), periods);
    const current = summarizeBreedingKpi(currentTotals, periods[0]);
    const previous = summarizeBreedingKpi(previousTotals, periods[1]);
    return c.json({ data: { month, previousMonth, metrics: compareMonths(current, previous) } }, 200);
  });
