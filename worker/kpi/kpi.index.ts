import type { Context } from 'hono';
import { addDays, addMonths, jstMonth, monthRange, todayJst } from '../domain/calendar';
import { breedingKpiOfSums, compareMonths, monthlyPoint, monthsEndingWith, type Period } from '../domain/kpi';
import type { AppEnv } from '../env';
import { afterAnswer } from '../lib/after-answer';
import { validationError } from '../lib/errors';
import { createRouter } from '../lib/http';
import { keptKpiSums } from './kept-figures.statements';
import {
  calculateBreedingKpi,
  getBreedingCows,
  getBreedingDelta,
  getBreedingKpi,
  getBreedingTrends,
} from './kpi.routes';
import { type BreedingKpiQuery, PERIOD_ORDER_MESSAGE } from './kpi.schemas';
import { firstOrder, kpiCowsPage } from './kpi-cows.queries';

/** The default period is the last 365 days, today included (JST). */
export function resolvePeriod(query: BreedingKpiQuery, today = todayJst()): Period {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -364);
  if (from > to) throw validationError(PERIOD_ORDER_MESSAGE, 'from');
  return { from, to };
}

/** The periods' KPIs from the farm's kept figures (one D1 round trip; docs/decisions/036-kept-kpi-figures.md). */
async function kpisOf(c: Context<AppEnv>, periods: readonly Period[]) {
  const sums = await keptKpiSums(c.get('farmDb'), c.get('farmId'), periods);
  await afterAnswer(c, 'kept KPI figures', sums.refresh);
  return periods.map((period, i) => breedingKpiOfSums(period, sums.value[i]));
}

export const kpiRouter = createRouter()
  .openapi(getBreedingKpi, async (c) => {
    const [kpi] = await kpisOf(c, [resolvePeriod(c.req.valid('query'))]);
    return c.json({ data: kpi }, 200);
  })
  .openapi(calculateBreedingKpi, async (c) => {
    const [kpi] = await kpisOf(c, [resolvePeriod({})]);
    return c.json({ data: kpi }, 200);
  })
  .openapi(getBreedingCows, async (c) => {
    const query = c.req.valid('query');
    const period = resolvePeriod(query);
    const order = { sort: query.sort, order: query.order ?? firstOrder(query.sort) };
    const page = await kpiCowsPage(c.get('farmDb'), c.get('farmId'), period, order, query);
    await afterAnswer(c, 'kept KPI figures', page.refresh);
    return c.json({ data: { period, ...order, ...page.value } }, 200);
  })
  .openapi(getBreedingTrends, async (c) => {
    const { months: count, to } = c.req.valid('query');
    const months = monthsEndingWith(to ?? jstMonth(), count);
    const periods = months.map(monthRange);
    const kpis = await kpisOf(c, periods);
    const span = { from: periods[0].from, to: periods[periods.length - 1].to };
    return c.json({ data: { ...span, months: months.map((m, i) => monthlyPoint(m, kpis[i])) } }, 200);
  })
  .openapi(getBreedingDelta, async (c) => {
    // Complete months only: by default the last complete month against the one before (§8).
    const month = c.req.valid('query').month ?? addMonths(jstMonth(), -1);
    const previousMonth = addMonths(month, -1);
    const periods = [monthRange(month), monthRange(previousMonth)];
    const [current, previous] = await kpisOf(c, periods);
    return c.json({ data: { month, previousMonth, metrics: compareMonths(current, previous) } }, 200);
  });
