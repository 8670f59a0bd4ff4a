// The calls the benchmark measures. `routes` are OpenAPI operations that must exist (else "not available");
// `kind`: 'floor' is the bare Hono Worker every row is compared with (bench/floor/worker.mjs, issue 24), 'fixed' the
// cheapest call of ours, 'paged' reads must stay flat with herd size, 'aggregate' reads may grow at most linearly,
// 'write'.
// `budgetMs` is the p95 budget at 2,000 head. `large` is the same call with the largest page, to show the D1
// round trips do not grow with page size.

import { signedMessage } from './line.mjs';

const pick = (list, i) => list[i % list.length];
/** A keyset cursor as the API writes it (worker/lib/cursor.ts): base64url of `{ v, id }`. */
const cursorOf = (v, id) => Buffer.from(JSON.stringify({ v, id })).toString('base64url');
/** Each run's new animals get 個体識別番号 of their own: 9 and nine digits counted from the run's start. */
const RUN = Date.now() % 900_000_000;
const today = () => new Date().toISOString();
const daysAgo = (n) => new Date(Date.now() + 9 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);
const monthsAgo = (n) => {
  const jst = new Date(Date.now() + 9 * 3_600_000);
  const d = new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth() - n, 1));
  return d.toISOString().slice(0, 7);
};

export const CALLS = [
  {
    // Served by the floor Worker, not the snapshot (bench/run.mjs): the first row, the one every ratio divides by.
    // Behind the same asset router as the snapshot (bench/server.mjs serveFloor).
    name: 'floor: bare Hono hello Worker',
    kind: 'floor',
    budgetMs: null,
    routes: [],
    request: () => ({ path: '/health' }),
  },
  {
    // The same floor served without the asset router: the difference is what that layer costs every /api/* request.
    name: 'floor without the asset layer',
    kind: 'floor',
    bare: true,
    budgetMs: null,
    routes: [],
    request: () => ({ path: '/health' }),
  },
  {
    // The floor with one D1 read (`SELECT 1`), behind the asset router: what any call that reaches D1 pays at least.
    name: 'floor with one D1 read',
    kind: 'floor',
    budgetMs: null,
    routes: [],
    request: () => ({ path: '/d1' }),
  },
  {
    // A write's shape on D1 with none of its work (bench/floor/worker.mjs): 6 reads, then 12 inserts, in 2 batches.
    name: "floor: a write's shape on D1",
    kind: 'floor',
    budgetMs: null,
    routes: [],
    request: () => ({ path: '/d1-write-shape' }),
  },
  {
    name: 'health (no D1)',
    kind: 'fixed',
    budgetMs: null,
    routes: ['GET /api/v1/health'],
    // Its budget is a ratio to this floor, measured request by request beside it (bench/measure.mjs).
    companion: 'floor: bare Hono hello Worker',
    request: () => ({ path: '/health' }),
  },
  {
    name: 'cattle list',
    kind: 'paged',
    budgetMs: 25,
    routes: ['GET /api/v1/cattle'],
    request: () => ({ path: '/cattle?limit=20' }),
    large: () => ({ path: '/cattle?limit=100' }),
  },
  {
    name: 'cattle list, next page',
    kind: 'paged',
    budgetMs: 25,
    routes: ['GET /api/v1/cattle'],
    request: (farm) => ({ path: `/cattle?limit=20&cursor=${encodeURIComponent(farm.cattleCursor)}` }),
  },
  {
    name: 'cattle list, filtered+sorted',
    kind: 'paged',
    budgetMs: 25,
    routes: ['GET /api/v1/cattle'],
    request: () => ({ path: '/cattle?status=PREGNANT&gender=雌&sortBy=days_open&sortOrder=desc&limit=20' }),
    large: () => ({ path: '/cattle?status=PREGNANT&gender=雌&sortBy=days_open&sortOrder=desc&limit=100' }),
  },
  {
    name: 'search by ear tag',
    kind: 'aggregate',
    budgetMs: 25,
    routes: ['GET /api/v1/cattle'],
    request: (farm, i) => ({ path: `/cattle?search=${pick(farm.cows, i * 7).earTagNumber}&limit=20` }),
  },
  {
    // §20: any part of the numbers, best match first. Four digits from the middle of a 個体識別番号 match ear tags
    // and IDs all over the herd; the budget is at 8,000 head (`herdBudget`).
    name: 'search by any digits',
    kind: 'aggregate',
    budgetMs: 10,
    herdBudget: { size: 8000, p95Ms: 10 },
    routes: ['GET /api/v1/cattle'],
    request: (_farm, i) => ({ path: `/cattle?search=${String(100 + (i % 900)).padStart(4, '0')}&limit=20` }),
  },
  {
    // §20: the herd the phone keeps, every animal not shipped or dead.
    name: 'roster',
    kind: 'aggregate',
    budgetMs: 25,
    herdBudget: { size: 8000, p95Ms: 25 },
    routes: ['GET /api/v1/cattle/roster'],
    request: () => ({ path: '/cattle/roster' }),
  },
  {
    name: 'roster unchanged (304)',
    kind: 'paged',
    budgetMs: 10,
    routes: ['GET /api/v1/cattle/roster'],
    request: (farm) => ({ path: '/cattle/roster', headers: { 'If-None-Match': farm.rosterEtag } }),
  },
  {
    name: 'status counts',
    kind: 'aggregate',
    budgetMs: 25,
    routes: ['GET /api/v1/cattle/status-counts'],
    request: () => ({ path: '/cattle/status-counts' }),
  },
  {
    // The home screen in one call (decision 027): alerts, counts, KPI, calvings, recent events, withdrawal.
    name: 'home',
    kind: 'aggregate',
    budgetMs: 25,
    routes: ['GET /api/v1/home'],
    request: () => ({ path: '/home' }),
  },
  {
    name: 'cattle detail',
    kind: 'paged',
    budgetMs: 25,
    routes: ['GET /api/v1/cattle/{id}'],
    // An authenticated read with one D1 round trip: its budget is the D1 floor + 2 ms (bench/budgets.mjs).
    companion: 'floor with one D1 read',
    request: (farm, i) => ({ path: `/cattle/${pick(farm.cows, i * 13).cattleId}` }),
  },
  {
    name: 'events of one animal',
    kind: 'paged',
    budgetMs: 25,
    routes: ['GET /api/v1/events/cattle/{cattleId}'],
    request: (farm, i) => ({ path: `/events/cattle/${pick(farm.cows, i * 17).cattleId}` }),
  },
  {
    name: 'events list',
    kind: 'paged',
    budgetMs: 25,
    routes: ['GET /api/v1/events'],
    request: () => ({ path: '/events?limit=20' }),
    large: () => ({ path: '/events?limit=100' }),
  },
  {
    name: 'alerts list + summary',
    kind: 'paged',
    budgetMs: 25,
    routes: ['GET /api/v1/alerts'],
    request: () => ({ path: '/alerts?limit=20' }),
    large: () => ({ path: '/alerts?limit=100' }),
  },
  {
    name: 'KPI (breeding)',
    kind: 'aggregate',
    budgetMs: 60,
    routes: ['GET /api/v1/kpi/breeding'],
    request: () => ({ path: '/kpi/breeding' }),
  },
  {
    // §8, decision 057: the first page of 50 (most open services first) and the total, from the period's kept rows.
    name: 'KPI drill-down (cows behind the figures)',
    kind: 'aggregate',
    budgetMs: 60,
    routes: ['GET /api/v1/kpi/breeding/cattle'],
    request: () => ({ path: '/kpi/breeding/cattle' }),
    large: () => ({ path: '/kpi/breeding/cattle?limit=100' }),
  },
  {
    // A page deep in the list: after the cursor of a cow with no open service (open 0, id 0), where most cows are.
    name: 'KPI drill-down, next page',
    kind: 'paged',
    budgetMs: 60,
    routes: ['GET /api/v1/kpi/breeding/cattle'],
    request: () => ({ path: `/kpi/breeding/cattle?cursor=${cursorOf(0, 0)}` }),
  },
  {
    // A day figure's order (the 空胎日数 tile's), cows without one last.
    name: 'KPI drill-down by days open',
    kind: 'paged',
    budgetMs: 60,
    routes: ['GET /api/v1/kpi/breeding/cattle'],
    request: () => ({ path: '/kpi/breeding/cattle?sort=daysOpen' }),
  },
  {
    name: 'KPI trends (12 months)',
    kind: 'aggregate',
    budgetMs: 60,
    routes: ['GET /api/v1/kpi/breeding/trends'],
    request: () => ({ path: '/kpi/breeding/trends?months=12' }),
  },
  // The same three with a period not asked before, so the farm's kept histories (worker/kpi/kpi.cache.ts) cannot
  // answer: what the first look after a write costs.
  {
    name: 'KPI (breeding), not kept',
    kind: 'aggregate',
    budgetMs: 60,
    routes: ['GET /api/v1/kpi/breeding'],
    request: (_farm, i) => ({ path: `/kpi/breeding?to=${daysAgo(i % 500)}` }),
  },
  {
    name: 'KPI drill-down, not kept',
    kind: 'aggregate',
    budgetMs: 60,
    routes: ['GET /api/v1/kpi/breeding/cattle'],
    request: (_farm, i) => ({ path: `/kpi/breeding/cattle?to=${daysAgo(i % 500)}` }),
  },
  {
    name: 'KPI trends, not kept',
    kind: 'aggregate',
    budgetMs: 60,
    routes: ['GET /api/v1/kpi/breeding/trends'],
    request: (_farm, i) => ({ path: `/kpi/breeding/trends?months=12&to=${monthsAgo(i % 48)}` }),
  },
  {
    name: 'shipments list',
    kind: 'paged',
    budgetMs: 25,
    routes: ['GET /api/v1/shipments'],
    request: () => ({ path: '/shipments?page=1&limit=20' }),
    large: () => ({ path: '/shipments?page=1&limit=100' }),
  },
  {
    name: 'shipment plans',
    kind: 'paged',
    budgetMs: 25,
    routes: ['GET /api/v1/shipments/plans'],
    request: () => ({ path: '/shipments/plans?page=1&limit=20' }),
    large: () => ({ path: '/shipments/plans?page=1&limit=100' }),
  },
  {
    name: 'price stats',
    kind: 'aggregate',
    budgetMs: 25,
    routes: ['GET /api/v1/shipments/price-stats'],
    request: () => ({ path: '/shipments/price-stats' }),
  },
  {
    name: 'mothers list',
    kind: 'aggregate',
    budgetMs: 60,
    routes: ['GET /api/v1/shipments/mothers/list'],
    request: () => ({ path: '/shipments/mothers/list?page=1&limit=20' }),
    large: () => ({ path: '/shipments/mothers/list?page=1&limit=100' }),
  },
  {
    name: 'event create (recompute)',
    kind: 'write',
    budgetMs: 35,
    routes: ['POST /api/v1/events'],
    request: (farm, i) => {
      const cow = pick(farm.cows, i * 31);
      return i % 2
        ? {
            method: 'POST',
            path: '/events',
            body: {
              cattleId: cow.cattleId,
              eventType: 'WEIGHT_MEASURED',
              eventDatetime: today(),
              details: { weightKg: 500 + (i % 90) },
            },
          }
        : {
            method: 'POST',
            path: '/events',
            body: { cattleId: cow.cattleId, eventType: 'ESTRUS', eventDatetime: today() },
          };
    },
  },
  {
    // §26: the herd list filtered by pen. The bench herd has no pens, so every animal is in none: the filter's index
    // (cattle_farm_pen_idx) answers the page from the whole herd, its worst case.
    name: 'cattle list, by pen',
    kind: 'paged',
    budgetMs: 25,
    herdBudget: { size: 8000, p95Ms: 25 },
    routes: ['GET /api/v1/cattle'],
    request: () => ({ path: '/cattle?penId=none&limit=20' }),
  },
  {
    // §26: one vaccination for 500 animals, all or nothing, in one read and one write batch.
    name: 'group event (500 head)',
    kind: 'write',
    // One record for 500 animals (§26): its own budget, not the 25 ms p50 of a single write.
    bulk: true,
    budgetMs: 1500,
    herdBudget: { size: 8000, p95Ms: 1500 },
    routes: ['POST /api/v1/events/bulk'],
    request: (farm) => {
      return {
        method: 'POST',
        path: '/events/bulk',
        body: {
          cattleIds: farm.herd.slice(0, 500),
          eventType: 'VACCINATION',
          eventDatetime: today(),
          details: { product: 'ベンチ' },
        },
      };
    },
  },
  {
    name: 'cattle create',
    kind: 'write',
    budgetMs: 35,
    routes: ['POST /api/v1/cattle'],
    request: (_farm, i) => ({
      method: 'POST',
      path: '/cattle',
      body: {
        name: 'ベンチ',
        identificationNumber: `9${String((RUN + i) % 1_000_000_000).padStart(9, '0')}`,
        gender: '雌',
        growthStage: 'CALF',
        birthday: '2026-01-15',
        breed: '黒毛和種',
        barn: '第1牛舎',
      },
    }),
  },
  {
    // A signed message event as LINE sends it (§25): the answer leaves at once (LINE waits 2 s); finding the cow among
    // the herd and the confirmation's reply run after it (waitUntil), so this is the signature and the once-only claim.
    name: 'LINE webhook: signed message',
    kind: 'write',
    budgetMs: 50,
    routes: ['POST /api/v1/line/webhook'],
    request: (farm, i) => {
      const cow = pick(farm.cows, i * 17);
      const { body, headers } = signedMessage(farm.lineUserId, `${cow.earTagNumber} 体重 ${500 + (i % 90)}`);
      return { method: 'POST', path: '/line/webhook', body, headers };
    },
  },
];
