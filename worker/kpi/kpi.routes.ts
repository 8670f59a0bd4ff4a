import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../farms/farm-access';
import { errorBodySchema } from '../lib/error-body';
import { jsonContent } from '../lib/http';
import {
  breedingKpiQuerySchema,
  breedingKpiSchema,
  deltaQuerySchema,
  deltaSchema,
  trendsQuerySchema,
  trendsSchema,
} from './kpi.schemas';

const error = (description: string) => jsonContent(errorBodySchema, description);
const common = { tags: ['KPI'], security: [{ bearer: [] }], middleware: farmAccess() };
/** Every farm-data route: signed in, and a member of the farm whose role allows the call. */
const memberErrors = {
  401: error('Not signed in'),
  403: error('Not a member of this farm, or the role does not allow this'),
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
    200: jsonContent(wrapped(breedingKpiSchema), 'Conception rate, days open, calving interval, AI per conception'),
    400: error('Invalid date, or from after to'),
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
  summary: 'Monthly series of the four KPIs, ending with `to` (default this month, JST)',
  request: { query: trendsQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(wrapped(trendsSchema), 'One entry per month, oldest first'),
    400: error('Invalid months or month'),
  },
});

export const getBreedingDelta = createRoute({
  ...common,
  method: 'get',
  path: '/breeding/delta',
  summary: 'A month against the previous one: improved, worsened or unchanged per KPI',
  request: { query: deltaQuerySchema },
  responses: {
    ...memberErrors,
    200: jsonContent(wrapped(deltaSchema), 'Change per KPI'),
    400: error('Invalid month'),
  },
});
