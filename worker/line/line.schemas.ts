import { z } from '@hono/zod-openapi';
import { DIGEST_CHANNELS } from '../domain/notifications';

const digestChannelSchema = z.enum(DIGEST_CHANNELS, {
  error: "通知方法は 'mail'、'line'、'both'、'none' のいずれかを指定してください",
});

export const notificationsBodySchema = z.object({ digest: digestChannelSchema }).openapi('NotificationsBody');

export const notificationSettingsSchema = z
  .object({
    digest: z.enum(DIGEST_CHANNELS).describe('How the morning digest arrives (default mail)'),
    lineLinked: z.boolean().describe('A LINE account is linked (LINE sign-in or settings)'),
    lineFollowing: z.boolean().describe("The linked LINE account follows Ushichō's official account"),
    lineLoginAvailable: z.boolean().describe('LINE Login is configured, so linking is possible'),
    canUnlinkLine: z.boolean().describe('Unlinking would not lock the account out (it has a password)'),
    friendUrl: z.string().nullable().describe("The official account's add-friend link, when configured"),
  })
  .openapi('NotificationSettings');
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** The parts of a Messaging API webhook this app reads; anything else in it is ignored. */
export const webhookBodySchema = z.object({
  destination: z.string().optional(),
  events: z.array(
    z.object({
      type: z.string(),
      webhookEventId: z.string().min(1).max(100),
      timestamp: z.number().int().nonnegative(),
      source: z.object({ type: z.string(), userId: z.string().max(100).optional() }).optional(),
      deliveryContext: z.object({ isRedelivery: z.boolean() }).optional(),
      replyToken: z.string().max(200).optional(),
      message: z.object({ type: z.string(), text: z.string().max(5000).optional() }).optional(),
      postback: z
        .object({ data: z.string().max(300), params: z.object({ date: z.string().optional() }).optional() })
        .optional(),
    }),
  ),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;
export type LineWebhookEvent = WebhookBody['events'][number];

const lineActionSchema = z.union([
  z.object({ type: z.literal('postback'), label: z.string(), data: z.string(), displayText: z.string() }),
  z.object({
    type: z.literal('datetimepicker'),
    label: z.string(),
    data: z.string(),
    mode: z.literal('date'),
    max: z.string(),
    min: z.string(),
  }),
  z.object({ type: z.literal('message'), label: z.string(), text: z.string() }),
]);

export const lineOutboxEntrySchema = z.object({
  kind: z.enum(['reply', 'push']),
  replyToken: z.string().optional(),
  to: z.string(),
  text: z.string(),
  messages: z.array(
    z.object({
      type: z.literal('text'),
      text: z.string(),
      quickReply: z
        .object({ items: z.array(z.object({ type: z.literal('action'), action: lineActionSchema })) })
        .optional(),
    }),
  ),
  createdAt: z.string(),
});
