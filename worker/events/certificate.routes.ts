import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { certificateSchema } from '../inseminations/inseminations.schemas';
import { errorResponse, jsonContent } from '../lib/http';

const common = { tags: ['Inseminations'], security: [{ bearer: [] }] };

export const certificate = createRoute({
  ...common,
  middleware: farmAccess('viewer'),
  method: 'get',
  path: '/{id}/certificate',
  summary: 'The AI certificate (授精証明書) of an INSEMINATION event (docs/product.md §21)',
  request: {
    params: z.object({
      id: z.coerce
        .number({ error: 'イベントIDは正の整数である必要があります' })
        .int()
        .positive('イベントIDは正の整数である必要があります'),
    }),
  },
  responses: {
    200: jsonContent(z.object({ data: certificateSchema }), 'The certificate'),
    400: errorResponse('Not an insemination, or a malformed id'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not a member of this farm'),
    404: errorResponse('No such event on this farm'),
  },
});
