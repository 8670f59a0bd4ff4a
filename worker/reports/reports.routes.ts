import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { CENSUS_CATEGORIES, CENSUS_PURPOSES } from '../domain/census';
import { calendarDate } from '../domain/input';
import { errorBodySchema } from '../lib/error-body';
import { jsonContent } from '../lib/http';

const error = (description: string) => jsonContent(errorBodySchema, description);

const CENSUS_DATE_MESSAGE = '基準日はYYYY-MM-DD形式で入力してください';

const censusQuerySchema = z.object({
  date: calendarDate(CENSUS_DATE_MESSAGE)
    .optional()
    .openapi({ description: 'The census day (JST); default 1 February of the current year', example: '2026-02-01' }),
});

const censusSchema = z.object({
  date: z.string(),
  total: z.number().int(),
  groups: z.array(
    z.object({
      purpose: z.enum(CENSUS_PURPOSES),
      category: z.enum(CENSUS_CATEGORIES),
      count: z.number().int(),
    }),
  ),
});

export const census = createRoute({
  tags: ['Reports'],
  security: [{ bearer: [] }],
  middleware: farmAccess('viewer'),
  method: 'get',
  path: '/census',
  summary: 'Head count as of a day, for the annual report (家畜伝染病予防法 §12-4): by purpose and category',
  description:
    'The animals on the farm that day (arrived, or born when they never arrived, on or before it; no DEATH or ' +
    'SHIPMENT before it), by purpose (breed) and the first category that fits: calf (< 6 months), fattening, ' +
    'breeding (female served or calved), bull (雄 ≥ 12 months), young. Empty groups are left out.',
  request: { query: censusQuerySchema },
  responses: {
    200: jsonContent(z.object({ data: censusSchema }), 'The head count'),
    400: error('Invalid date'),
    401: error('Not signed in'),
    403: error('Not a member of this farm'),
  },
});
