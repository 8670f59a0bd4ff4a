import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, jsonContent } from '../lib/http';

const healthSchema = z.object({ status: z.literal('ok'), timestamp: z.string() });

const health = (path: '/' | '/health') =>
  createRoute({
    method: 'get',
    path,
    tags: ['Health'],
    summary: 'Service health',
    responses: { 200: jsonContent(healthSchema, 'The service is up') },
  });

export const healthRouter = createRouter()
  .openapi(health('/'), (c) => c.json({ status: 'ok' as const, timestamp: new Date().toISOString() }, 200))
  .openapi(health('/health'), (c) => c.json({ status: 'ok' as const, timestamp: new Date().toISOString() }, 200));
