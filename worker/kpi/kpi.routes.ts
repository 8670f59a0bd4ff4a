import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { errorResponse, jsonContent } from '../lib/http';
import {
  breedingKpiQuerySchema,
  breedingKpiSchema,
  deltaQuerySchema,
  deltaSchema,
  kpiCowsQuerySchema,
  kpiCowsSchema,
  trendsQuerySchema,
  trendsSchema,
} from './kpi.schemas';

const common = { tags: ['KPI'], security: [{ bearer: [] }], middleware: farmAccess() };
/** Every farm-data route: signed in, and a member of the farm whose role allows the call. */
const memberErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not a member of this farm, or the role does not allow this'),
};
const wrapped = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const getBreedingKpi = createRoute({
  ...common,
  method: 'get',
  path: '/breeding',
  summary: 'Breeding KPIs of a period (JST dates, default the last 365 days)',
  request: { query: breedingKpiQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(
      wrapped(breedingKpiSchema),
      'The §8 figures: rates by service outcome, days, 21-day rates, counts',
    ),
    400: errorResponse('Invalid date, or from after to'),
  },
});

export const calculateBreedingKpi = createRoute({
  ...common,
  method: 'post',
  path: '/breeding/calculate',
  summary: 'Breeding KPIs of the last 365 days',
  responses: {
    ...memberErrors,
    200: jsonContent(wrapped(breedingKpiSchema), 'The KPIs of the last 365 days'),
  },
});

export const getBreedingTrends = createRoute({
  ...common,
  method: 'get',
  path: '/breeding/trends',
  summary: 'Monthly series of the KPIs, ending with `to` (default this month, JST; the last point is partial)',
  request: { query: trendsQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(wrapped(trendsSchema), 'One entry per month, oldest first'),
    400: errorResponse('Invalid months or month'),
  },
});

export const getBreedingDelta = createRoute({
  ...common,
  method: 'get',
  path: '/breeding/delta',
  summary: 'A complete month against the one before (default: the last complete month): change per KPI',
  request: { query: deltaQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(wrapped(deltaSchema), 'Change per KPI'),
    400: errorResponse('Invalid month'),
  },
});

export const getBreedingCows = createRoute({
  ...common,
  method: 'get',
  path: '/breeding/cattle',
  summary:
    'The cows behind the KPIs of a period: services, outcomes and day figures per cow, a page at a time in the order of one column (default most open services first)',
  request: { query: kpiCowsQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(
      wrapped(kpiCowsSchema),
      'A page of the cows with a breeding event in the period (50 unless `limit` says), the total beside and the next page’s cursor',
    ),
    400: errorResponse('Invalid date, from after to, sort, order, limit or cursor'),
  },
});
