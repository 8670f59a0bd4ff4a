import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../accounts/require-auth';
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
const common = { tags: ['KPI'], security: [{ bearer: [] }], middleware: requireAuth };
const wrapped = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const getBreedingKpi = createRoute({
  ...common,
  method: 'get',
  path: '/breeding',
  summary: 'Breeding KPIs of a period (JST dates, default the last 365 days)',
  request: { query: breedingKpiQuerySchema },
  responses: {
    200: jsonContent(wrapped(breedingKpiSchema), 'Conception rate, days open, calving interval, AI per conception'),
    400: error('Invalid date, or from after to'),
    401: error('Not signed in'),
  },
});

export const calculateBreedingKpi = createRoute({
  ...common,
  method: 'post',
  path: '/breeding/calculate',
  summary: 'Breeding KPIs of the last 365 days',
  responses: {
    200: jsonContent(wrapped(breedingKpiSchema), 'The KPIs of the last 365 days'),
    401: error('Not signed in'),
  },
});

export const getBreedingTrends = createRoute({
  ...common,
  method: 'get',
  path: '/breeding/trends',
  summary: 'Monthly series of the four KPIs, ending with `to` (default this month, JST)',
  request: { query: trendsQuerySchema },
  responses: {
    200: jsonContent(wrapped(trendsSchema), 'One entry per month, oldest first'),
    400: error('Invalid months or month'),
    401: error('Not signed in'),
  },
});

export const getBreedingDelta = createRoute({
  ...common,
  method: 'get',
  path: '/breeding/delta',
  summary: 'A month against the previous one: improved, worsened or unchanged per KPI',
  request: { query: deltaQuerySchema },
  responses: {
    200: jsonContent(wrapped(deltaSchema), 'Change per KPI'),
    400: error('Invalid month'),
    401: error('Not signed in'),
  },
});
