import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { requireAuth } from '../auth/require-auth';
import { createIdempotentRoute } from '../db/idempotency';
import { emailSchema } from '../domain/email';
import { FARM_MESSAGES, FARM_ROLES } from '../domain/roles';
import { errorResponse, jsonBody, jsonContent } from '../lib/http';

const tags = ['Farms'];
const security = [{ bearer: [] }];
const ownerErrors = {
  401: errorResponse('Not signed in'),
  403: errorResponse('Not the owner of this farm'),
  400: errorResponse('Invalid input'),
};

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const farmParam = z.object({ farmId: id('牧場IDは正の整数である必要があります') });
const roleSchema = z.enum(FARM_ROLES, { error: '役割はowner・staff・viewerのいずれかを指定してください' });
const inviteBodySchema = z.object({ email: emailSchema, role: roleSchema });
const tokenBodySchema = z.object({
  token: z.string({ error: FARM_MESSAGES.invalidInvitation }).min(1, FARM_MESSAGES.invalidInvitation),
});
const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(FARM_ROLES),
  expiresAt: z.string(),
});

export const invite = createIdempotentRoute({
  tags,
  security,
  middleware: farmAccess('owner', { farmFromPath: true }),
  method: 'post',
  path: '/{farmId}/invitations',
  summary: 'Invite an email address with a role (owner); the invitation mail carries the link',
  request: { params: farmParam, body: jsonBody(inviteBodySchema) },
  responses: {
    201: jsonContent(z.object({ data: invitationSchema }), 'Invited'),
    ...ownerErrors,
    429: errorResponse('Over the invitation mails of the day: 20 per farm, 3 per address across farms (Retry-After)'),
    502: errorResponse('Mail could not be sent'),
  },
});

export const pending = createRoute({
  tags,
  security,
  middleware: farmAccess('owner', { farmFromPath: true }),
  method: 'get',
  path: '/{farmId}/invitations',
  summary: 'Invitations not yet accepted nor expired (owner)',
  request: { params: farmParam },
  responses: { 200: jsonContent(z.object({ data: z.array(invitationSchema) }), 'Pending'), ...ownerErrors },
});

export const withdraw = createRoute({
  tags,
  security,
  middleware: farmAccess('owner', { farmFromPath: true }),
  method: 'delete',
  path: '/{farmId}/invitations/{invitationId}',
  summary: 'Withdraw an invitation not yet accepted (owner)',
  request: { params: farmParam.extend({ invitationId: id('招待IDは正の整数である必要があります') }) },
  responses: {
    200: jsonContent(z.object({ success: z.literal(true), message: z.string() }), 'Withdrawn'),
    404: errorResponse('No such pending invitation'),
    ...ownerErrors,
  },
});

export const preview = createRoute({
  tags,
  method: 'post',
  path: '/preview',
  summary: 'What an invitation link offers, before signing in: farm, inviter, role and invited address',
  request: { body: jsonBody(tokenBodySchema) },
  responses: {
    200: jsonContent(
      z.object({
        data: z.object({ farmName: z.string(), inviterName: z.string(), role: z.enum(FARM_ROLES), email: z.string() }),
      }),
      'The invitation',
    ),
    400: errorResponse('Unknown, used or expired link'),
  },
});

export const accept = createRoute({
  tags,
  security,
  middleware: requireAuth,
  method: 'post',
  path: '/accept',
  summary: 'Accept an invitation signed in with the invited address; the farm becomes your default',
  request: { body: jsonBody(tokenBodySchema) },
  responses: {
    200: jsonContent(z.object({ data: z.object({ farmId: z.number().int(), role: z.enum(FARM_ROLES) }) }), 'Joined'),
    400: errorResponse('Unknown, used or expired link'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Signed in with another address than the invited one'),
  },
});
