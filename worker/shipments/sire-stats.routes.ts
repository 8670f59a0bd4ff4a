import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { errorResponse, jsonContent } from '../lib/http';
import { sireStatSchema } from './shipments.schemas';

/** GET /shipments/sire-stats: carcass results by sire (§9.3), beside the shipment routes. */
export const sireStats = createRoute({
  tags: ['Shipments'],
  security: [{ bearer: [] }],
  middleware: farmAccess(),
  method: 'get',
  path: '/sire-stats',
  summary: 'Shipped calves by sire: count, mean price, carcass weight and BMS, 4・5等級率 (best first)',
  responses: {
    200: jsonContent(z.object({ data: z.array(sireStatSchema) }), 'One row per sire'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not a member of this farm'),
  },
});
