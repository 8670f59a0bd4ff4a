import { createRouter } from '../lib/http';
import { lineOutbox, notificationSettings } from './line.queries';
import {
  getNotificationsRoute,
  lineOutboxRoute,
  linkCallbackRoute,
  linkStartRoute,
  putNotificationsRoute,
  unlinkRoute,
  webhookRoute,
} from './line.routes';
import { chooseDigest, recordWebhookEvents, unlinkLine } from './line.service';
import { finishLink, startLink } from './link';
import { readSignedWebhook } from './webhook';

/** Mounted at /line: the Messaging API webhook and the settings link flow. */
export const lineRouter = createRouter()
  .openapi(webhookRoute, async (c) => {
    const body = await readSignedWebhook(c);
    const recorded = await recordWebhookEvents(c.env, body);
    return c.json({ success: true as const, data: { events: body.events.length, recorded } }, 200);
  })
  .openapi(linkStartRoute, async (c) => c.json({ success: true as const, data: { url: await startLink(c) } }, 200))
  .openapi(linkCallbackRoute, (c) => finishLink(c, c.req.valid('query')));

/** Mounted at /users beside the users router: the digest choice and unlinking. */
export const lineUsersRouter = createRouter()
  .openapi(getNotificationsRoute, async (c) =>
    c.json({ success: true as const, data: await notificationSettings(c.env, c.get('userId')) }, 200),
  )
  .openapi(putNotificationsRoute, async (c) => {
    const { digest } = c.req.valid('json');
    return c.json({ success: true as const, data: await chooseDigest(c.env, c.get('userId'), digest) }, 200);
  })
  .openapi(unlinkRoute, async (c) =>
    c.json({ success: true as const, data: await unlinkLine(c.env, c.get('userId')) }, 200),
  );

/** Mounted under /dev (development only). */
export const lineDevRouter = createRouter().openapi(lineOutboxRoute, async (c) =>
  c.json({ data: await lineOutbox(c.env, c.req.valid('query').to) }, 200),
);
