import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { errorResponse, jsonContent } from '../lib/http';

const recentInputsSchema = z.object({
  /** Sires of the farm's recent services, most recently used first, each with the breed recorded with it. */
  sires: z.array(z.object({ name: z.string(), breed: z.string().nullable() })),
  /** Technicians of the farm's recent services, most recently used first. */
  technicians: z.array(z.string()),
});

export const recentInputs = createRoute({
  method: 'get',
  path: '/',
  tags: ['Events'],
  security: [{ bearer: [] }],
  middleware: farmAccess(),
  summary: "The farm's recently used sires and technicians, offered first when recording a service (§15)",
  responses: {
    200: jsonContent(z.object({ data: recentInputsSchema }), 'Most recently used first'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Not a member of this farm, or the role does not allow this'),
  },
});
