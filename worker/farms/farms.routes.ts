import { createRoute, z } from '@hono/zod-openapi';
import { farmAccess } from '../auth/farm-access';
import { requireAuth } from '../auth/require-auth';
import { createIdempotentRoute } from '../db/idempotency';
import { farmNameSchema } from '../domain/farm-name';
import { farmerCodeSchema } from '../domain/filing-input';
import { FARM_ROLES } from '../domain/roles';
import { errorResponse, jsonBody, jsonContent } from '../lib/http';

const common = { tags: ['Farms'], security: [{ bearer: [] }] };
const signedIn = { 401: errorResponse('Not signed in') };
const memberErrors = { ...signedIn, 403: errorResponse('Not a member of this farm, or the role does not allow this') };

const farmBodySchema = z.object({ name: farmNameSchema });
/** PATCH /farms/{id}: the name and the NLBC farmer code (§21), at least one. */
const farmPatchSchema = z
  .object({ name: farmNameSchema.optional(), farmerCode: farmerCodeSchema.optional() })
  .refine((v) => v.name !== undefined || v.farmerCode !== undefined, '更新する項目を指定してください');
const roleBodySchema = z.object({
  role: z.enum(FARM_ROLES, { error: '役割はowner・staff・viewerのいずれかを指定してください' }),
});

const idSchema = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const farmParam = z.object({ farmId: idSchema('牧場IDは正の整数である必要があります') });
const memberParam = farmParam.extend({ userId: idSchema('ユーザーIDは正の整数である必要があります') });

const farmSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 農家コード (§21); null until the owner enters it. */
  farmerCode: z.string().nullable(),
  role: z.enum(FARM_ROLES),
});
const memberSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  email: z.string(),
  role: z.enum(FARM_ROLES),
  joinedAt: z.string(),
});
const done = z.object({ success: z.literal(true), message: z.string() });

export const list = createRoute({
  ...common,
  middleware: requireAuth,
  method: 'get',
  path: '/',
  summary: 'The farms you are a member of, with your role',
  responses: { 200: jsonContent(z.object({ data: z.array(farmSchema) }), 'Farms'), ...signedIn },
});

export const create = createIdempotentRoute({
  ...common,
  middleware: requireAuth,
  method: 'post',
  path: '/',
  summary: 'Create a farm; you become its owner',
  request: { body: jsonBody(farmBodySchema) },
  responses: {
    201: jsonContent(z.object({ data: farmSchema }), 'Created'),
    400: errorResponse('Invalid name'),
    ...signedIn,
  },
});

export const rename = createRoute({
  ...common,
  middleware: farmAccess('owner', { farmFromPath: true }),
  method: 'patch',
  path: '/{farmId}',
  summary: 'Rename a farm or set its farmer code (owner)',
  request: { params: farmParam, body: jsonBody(farmPatchSchema) },
  responses: {
    200: jsonContent(
      z.object({ data: z.object({ id: z.number().int(), name: z.string(), farmerCode: z.string().nullable() }) }),
      'Changed',
    ),
    400: errorResponse('Invalid name or farmer code, or nothing to change'),
    ...memberErrors,
  },
});

export const choose = createRoute({
  ...common,
  middleware: farmAccess('viewer', { farmFromPath: true }),
  method: 'post',
  path: '/{farmId}/choose',
  summary: 'Make this farm the default for requests without X-Farm-Id (the app bar switcher)',
  request: { params: farmParam },
  responses: { 200: jsonContent(done, 'Chosen'), 400: errorResponse('Invalid farm id'), ...memberErrors },
});

export const members = createRoute({
  ...common,
  middleware: farmAccess('viewer', { farmFromPath: true }),
  method: 'get',
  path: '/{farmId}/members',
  summary: "The farm's members and their roles",
  request: { params: farmParam },
  responses: {
    200: jsonContent(z.object({ data: z.array(memberSchema) }), 'Members'),
    400: errorResponse('Invalid farm id'),
    ...memberErrors,
  },
});

export const changeRole = createRoute({
  ...common,
  middleware: farmAccess('owner', { farmFromPath: true }),
  method: 'patch',
  path: '/{farmId}/members/{userId}',
  summary: "Change a member's role (owner); the last owner cannot be demoted",
  request: { params: memberParam, body: jsonBody(roleBodySchema) },
  responses: {
    200: jsonContent(z.object({ data: memberSchema }), 'Changed'),
    400: errorResponse('Invalid role, or the last owner'),
    404: errorResponse('No such member'),
    ...memberErrors,
  },
});

export const removeMember = createRoute({
  ...common,
  middleware: farmAccess('viewer', { farmFromPath: true }),
  method: 'delete',
  path: '/{farmId}/members/{userId}',
  summary: 'Remove a member (owner), or leave the farm yourself; the last owner cannot leave',
  request: { params: memberParam },
  responses: {
    200: jsonContent(done, 'Removed'),
    400: errorResponse('The last owner'),
    404: errorResponse('No such member'),
    ...memberErrors,
  },
});
