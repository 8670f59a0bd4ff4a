/** An animal's growth (docs/product.md §26): its weights, daily gain and the breed's curve. */
import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { errorResponse, jsonContent } from '../lib/http';

const ID_MESSAGE = '牛のIDは正の数である必要があります';

const growthSchema = z.object({
  points: z.array(
    z.object({ date: z.string(), weightKg: z.number(), source: z.enum(['weight', 'birth', 'shipment']) }),
  ),
  /** kg/day to 2 decimals: overall (first to last) and recent (the last against the latest ≥ 7 days before). */
  dg: z.object({ overall: z.number().nullable(), recent: z.number().nullable() }),
  /** The breed-and-sex curve, months 0–36; null where the product knows none. */
  standard: z.array(z.object({ ageMonths: z.number().int(), weightKg: z.number() })).nullable(),
});

export const cattleGrowth = createRoute({
  tags: ['Cattle'],
  security: [{ bearer: [] }],
  middleware: farmAccess(),
  method: 'get',
  path: '/{id}/growth',
  summary: "An animal's weights, daily gain and its breed's growth curve",
  request: {
    params: z.object({ id: z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE) }),
  },
  responses: {
    200: jsonContent(z.object({ data: growthSchema }), 'The growth'),
    400: errorResponse('Invalid id'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not a member of this farm'),
    404: errorResponse('No such animal'),
  },
});
