import { afterAnswer } from '../lib/after-answer';
import { createRouter } from '../lib/http';
import { notificationSettings } from './line.queries';
import {
  getNotificationsRoute,
  lineOutboxRoute,
  linkCallbackRoute,
  linkCodeRoute,
  linkStartRoute,
  putNotificationsRoute,
  unlinkRoute,
  webhookRoute,
} from './line.routes';
import { chooseDigest, recordWebhookEvents, unlinkLine } from './line.service';
import { handleLineEvents } from './line-conversation.service';
import { createLinkCode } from './line-link.service';
import { finishLink, startLink } from './link';
import { lineOutbox } from './send/line-outbox';
import { readSignedWebhook } from './webhook';

/** Mounted at /line: the Messaging API webhook and the settings link flow. */
export const lineRouter = createRouter()
  .openapi(webhookRoute, async (c) => {
    const body = await readSignedWebhook(c);
    const fresh = await recordWebhookEvents(c.env, body);
    const chat = fresh.filter((e) => e.type === 'message' || e.type === 'postback');
    // LINE waits 2 s: the answer leaves at once, the chat is worked on after it, in order (§25).
    if (chat.length) await afterAnswer(c, 'line chat', () => handleLineEvents(c.env, c.get('log'), chat));
    return c.json({ success: true as const, data: { events: body.events.length, recorded: fresh.length } }, 200);
  })
  .openapi(linkCodeRoute, async (c) => c.json({ data: await createLinkCode(c.env, c.get('userId')) }, 200))
  .openapi(linkStartRoute, async (c) => c.json({ success: true as const, data: { url: await startLink(c) } }, 200))
  .openapi(linkCallbackRoute, (c) => finishLink(c, c.req.valid('query')));

/** /users/me/notifications and /users/me/line, mounted by the users router: the digest choice and unlinking. */
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
