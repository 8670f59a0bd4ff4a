import { createRoute, z } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import { farmDrift } from '../breeding/integrity';
import { enqueueDawnPage } from '../dawn/dawn-enqueue';
import { directoryDb, farmDb } from '../db/client';
import { devOutbox } from '../db/schema';
import { isIsoDate } from '../domain/calendar';
import { createRouter, errorResponse, jsonContent } from '../lib/http';
import { lineDevRouter } from '../line/line.index';
import { benchSeedRouter } from './bench-seed';
import { seedDemoFarm } from './demo-farm';

const outbox = createRoute({
  method: 'get',
  path: '/outbox',
  tags: ['Development'],
  summary: 'Mail kept instead of sent (development only)',
  request: { query: z.object({ to: z.string().trim().toLowerCase().optional() }) },
  responses: {
    200: jsonContent(
      z.object({
        data: z.array(
          z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), createdAt: z.string() }),
        ),
      }),
      'Newest first',
    ),
    404: errorResponse('Outside development: the route does not exist'),
  },
});

const seed = createRoute({
  method: 'post',
  path: '/seed',
  tags: ['Development'],
  summary: 'Create the demo farm when it does not exist (development only)',
  responses: { 200: jsonContent(z.object({ created: z.boolean(), userId: z.number() }), 'Demo farm present') },
});

const dawn = createRoute({
  method: 'post',
  path: '/dawn',
  tags: ['Development'],
  summary: "Put the farms on the dawn queue for a JST day's 06:00, as the cron does for today (development only)",
  request: {
    query: z.object({ day: z.string().refine(isIsoDate, '日付はYYYY-MM-DD形式で入力してください') }),
  },
  responses: {
    202: jsonContent(z.object({ day: z.string(), farms: z.number() }), 'The first page of farms enqueued'),
    400: errorResponse('Not a date'),
    404: errorResponse('Outside development: the route does not exist'),
  },
});

const driftValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const integrity = createRoute({
  method: 'get',
  path: '/integrity',
  tags: ['Development'],
  summary: 'Animals of a farm whose breeding state differs from a recompute of their events (development only)',
  request: { query: z.object({ farmId: z.coerce.number().int().positive() }) },
  responses: {
    200: jsonContent(
      z.object({
        checked: z.number(),
        drifted: z.array(
          z.object({
            cattleId: z.number(),
            drift: z.array(z.object({ field: z.string(), stored: driftValue, computed: driftValue })),
          }),
        ),
      }),
      'The farm checked',
    ),
    400: errorResponse('No farm id'),
  },
});

export const devRouter = createRouter()
  .route('/', benchSeedRouter)
  .route('/', lineDevRouter)
  .openapi(seed, async (c) => c.json(await seedDemoFarm(c.env), 200))
  .openapi(dawn, async (c) => {
    const { day } = c.req.valid('query');
    const page = await enqueueDawnPage(c.env, day);
    return c.json({ day, farms: page.enqueued }, 202);
  })
  .openapi(integrity, async (c) => {
    const { farmId } = c.req.valid('query');
    return c.json(await farmDrift(await farmDb(c.env, farmId), farmId), 200);
  })
  .openapi(outbox, async (c) => {
    const { to } = c.req.valid('query');
    const db = directoryDb(c.env);
    const rows = await db
      .select({
        to: devOutbox.to,
        subject: devOutbox.subject,
        text: devOutbox.text,
        html: devOutbox.html,
        createdAt: devOutbox.createdAt,
      })
      .from(devOutbox)
      .where(to ? eq(devOutbox.to, to) : undefined)
      .orderBy(desc(devOutbox.id))
      .limit(50);
    return c.json({ data: rows }, 200);
  });
