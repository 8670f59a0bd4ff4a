import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../auth/require-auth';
import { errorResponse, jsonBody, jsonContent } from '../lib/http';
import { lineOutboxEntrySchema, notificationSettingsSchema, notificationsBodySchema } from './line.schemas';

const settingsResponse = jsonContent(
  z.object({ success: z.literal(true), data: notificationSettingsSchema }),
  'The digest choice and the LINE link',
);
const signedIn = { security: [{ bearer: [] }], middleware: requireAuth };

export const webhookRoute = createRoute({
  method: 'post',
  path: '/webhook',
  tags: ['LINE'],
  summary: 'Messaging API webhook (follow / unfollow, messages and postbacks)',
  description:
    'The body is read raw: `X-Line-Signature` must be the base64 HMAC-SHA256 of it with ' +
    '`LINE_MESSAGING_CHANNEL_SECRET`. follow/unfollow record whether pushes reach the user; a redelivered event ' +
    '(same webhookEventId) changes nothing. Messages and postbacks of the chat are acted on after the answer ' +
    '(docs/product.md §25); other events are acknowledged and ignored.',
  request: { headers: z.object({ 'x-line-signature': z.string().optional() }) },
  responses: {
    200: jsonContent(
      z.object({ success: z.literal(true), data: z.object({ events: z.number(), recorded: z.number() }) }),
      'Events handled (recorded = new, not redelivered)',
    ),
    400: errorResponse('Signed, but not a webhook body'),
    401: errorResponse('Missing or wrong signature: nothing done'),
    503: errorResponse('The Messaging API channel secret is not configured: nothing done'),
  },
});

export const linkCodeRoute = createRoute({
  ...signedIn,
  method: 'post',
  path: '/link-code',
  tags: ['LINE'],
  summary: 'A code to link LINE by sending it to the official account',
  description:
    '8 characters of `23456789ABCDEFGHJKLMNPQRSTUVWXYZ`, valid 10 minutes; a new code replaces the previous one. ' +
    'Sent as a message to the official account, it links the sender (docs/product.md §25).',
  responses: {
    200: jsonContent(z.object({ data: z.object({ code: z.string(), expiresAt: z.string() }) }), 'The code'),
    401: errorResponse('Not signed in'),
  },
});

export const linkStartRoute = createRoute({
  ...signedIn,
  method: 'post',
  path: '/link',
  tags: ['LINE'],
  summary: 'Start linking LINE to your account',
  description: 'Answers the LINE Login URL to open; sets the state, PKCE verifier, nonce and session cookies (600 s).',
  responses: {
    200: jsonContent(z.object({ success: z.literal(true), data: z.object({ url: z.string() }) }), 'Open this URL'),
    401: errorResponse('Not signed in'),
    409: errorResponse('LINE is already linked'),
    503: errorResponse('LINE sign-in is not configured'),
  },
});

export const linkCallbackRoute = createRoute({
  method: 'get',
  path: '/link/callback',
  tags: ['LINE'],
  summary: 'Finish linking LINE',
  description: 'Redirects to `APP_URL/settings?line=linked`, or `?line=failed&details=…`; the cookies are removed.',
  request: {
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      error: z.string().optional(),
      error_description: z.string().optional(),
    }),
  },
  responses: {
    302: { description: 'Back to settings', headers: z.object({ Location: z.string() }) },
    503: errorResponse('LINE sign-in is not configured'),
  },
});

export const getNotificationsRoute = createRoute({
  ...signedIn,
  method: 'get',
  path: '/me/notifications',
  tags: ['Users'],
  summary: 'Your digest choice and LINE link',
  responses: { 200: settingsResponse, 401: errorResponse('Not signed in') },
});

export const putNotificationsRoute = createRoute({
  ...signedIn,
  method: 'put',
  path: '/me/notifications',
  tags: ['Users'],
  summary: 'Choose how the morning digest arrives',
  description: "'line' and 'both' need a linked LINE account that follows the official account.",
  request: { body: jsonBody(notificationsBodySchema) },
  responses: {
    200: settingsResponse,
    400: errorResponse("Not a choice, or 'LINEが連携されていません'"),
    401: errorResponse('Not signed in'),
  },
});

export const unlinkRoute = createRoute({
  ...signedIn,
  method: 'delete',
  path: '/me/line',
  tags: ['Users'],
  summary: 'Unlink LINE (a LINE digest falls back to mail)',
  responses: {
    200: settingsResponse,
    400: errorResponse('The account signs in only with LINE: set a password first'),
    401: errorResponse('Not signed in'),
  },
});

export const lineOutboxRoute = createRoute({
  method: 'get',
  path: '/line-outbox',
  tags: ['Development'],
  summary: 'LINE replies and pushes kept instead of sent (development only)',
  description:
    "Oldest first (the latest 200). `messages` are LINE's own message objects: text with `quickReply.items[].action` " +
    'of type postback, datetimepicker or message; `text` is their texts joined.',
  request: { query: z.object({ to: z.string().trim().optional() }) },
  responses: {
    200: jsonContent(z.object({ data: z.array(lineOutboxEntrySchema) }), 'Oldest first'),
    404: errorResponse('Outside development: the route does not exist'),
  },
});
