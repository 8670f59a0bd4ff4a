import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { requireAuth } from '../auth/require-auth';
import { directoryDb } from '../db/client';
import { users } from '../db/schema';
import { forbidden, notFound } from '../lib/errors';
import { createRouter, errorResponse, jsonBody, jsonContent } from '../lib/http';
import { lineUsersRouter } from '../line/line.index';
import {
  changePasswordBodySchema,
  mePatchSchema,
  type PublicUser,
  publicUserSchema,
  themeBodySchema,
} from './accounts.schemas';
import { changePassword } from './passwords.service';

const userResponse = z.object({ success: z.literal(true), data: publicUserSchema });
const idParam = z.object({
  id: z.coerce
    .number({ error: 'ユーザーIDは正の整数である必要があります' })
    .int()
    .positive('ユーザーIDは正の整数である必要があります'),
});
const common = { tags: ['Users'], security: [{ bearer: [] }], middleware: requireAuth };

const getMe = createRoute({
  ...common,
  method: 'get',
  path: '/me',
  summary: 'The signed-in user',
  responses: { 200: jsonContent(userResponse, 'The user'), 401: errorResponse('Not signed in') },
});

const patchMe = createRoute({
  ...common,
  method: 'patch',
  path: '/me',
  summary: "Set your inseminator's licence number (免許番号, §21)",
  request: { body: jsonBody(mePatchSchema) },
  responses: {
    200: jsonContent(userResponse, 'Saved'),
    400: errorResponse('Invalid licence number'),
    401: errorResponse('Not signed in'),
  },
});

const getUser = createRoute({
  ...common,
  method: 'get',
  path: '/{id}',
  summary: 'A user (only your own)',
  request: { params: idParam },
  responses: {
    200: jsonContent(userResponse, 'The user'),
    400: errorResponse('Malformed user id'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Another user'),
    404: errorResponse('No such user'),
  },
});

const updateTheme = createRoute({
  ...common,
  method: 'patch',
  path: '/{id}/theme',
  summary: 'Change your theme',
  request: { params: idParam, body: jsonBody(themeBodySchema) },
  responses: {
    200: jsonContent(userResponse, 'Theme saved'),
    400: errorResponse('Invalid theme, or a malformed user id'),
    401: errorResponse('Not signed in'),
    403: errorResponse('Another user'),
    404: errorResponse('No such user'),
  },
});

const toPublicUser = (u: typeof users.$inferSelect): PublicUser => ({
  id: u.id,
  userName: u.userName,
  email: u.email,
  isVerified: u.isVerified,
  theme: u.theme,
  oauthProvider: u.oauthProvider,
  hasPassword: Boolean(u.passwordHash?.startsWith('$2')),
  avatarUrl: u.avatarUrl,
  inseminatorLicense: u.inseminatorLicense ?? null,
  lastLoginAt: u.lastLoginAt,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});

async function loadUser(env: Parameters<typeof directoryDb>[0], id: number) {
  const [user] = await directoryDb(env).select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
  return user;
}

const changePasswordRoute = createRoute({
  ...common,
  method: 'put',
  path: '/me/password',
  summary: 'Change your password; your other sessions end',
  request: { body: jsonBody(changePasswordBodySchema) },
  responses: {
    200: jsonContent(z.object({ success: z.boolean(), message: z.string() }), 'Changed'),
    400: errorResponse('Wrong current password, or an invalid new one'),
    401: errorResponse('Not signed in'),
  },
});

const userRoutes = createRouter()
  .openapi(changePasswordRoute, async (c) => {
    const session = { userId: c.get('userId'), sessionId: c.get('sessionId') };
    await changePassword(c.env, session, c.req.valid('json'));
    return c.json({ success: true, message: 'パスワードを変更しました。ほかの端末はログアウトしました。' }, 200);
  })
  .openapi(getMe, async (c) =>
    c.json({ success: true as const, data: toPublicUser(await loadUser(c.env, c.get('userId'))) }, 200),
  )
  .openapi(patchMe, async (c) => {
    const { inseminatorLicense } = c.req.valid('json');
    const [user] = await directoryDb(c.env)
      .update(users)
      .set({ inseminatorLicense, updatedAt: new Date().toISOString() })
      .where(eq(users.id, c.get('userId')))
      .returning();
    if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
    return c.json({ success: true as const, data: toPublicUser(user) }, 200);
  })
  .openapi(getUser, async (c) => {
    const { id } = c.req.valid('param');
    if (id !== c.get('userId')) throw forbidden('You can only access your own user information');
    return c.json({ success: true as const, data: toPublicUser(await loadUser(c.env, id)) }, 200);
  })
  .openapi(updateTheme, async (c) => {
    const { id } = c.req.valid('param');
    if (id !== c.get('userId')) throw forbidden('他のユーザーのテーマは変更できません');
    const { theme } = c.req.valid('json');
    const [user] = await directoryDb(c.env)
      .update(users)
      .set({ theme, updatedAt: new Date().toISOString() })
      .where(eq(users.id, id))
      .returning();
    if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
    return c.json({ success: true as const, data: toPublicUser(user) }, 200);
  });

/** Everything under /users: the caller's password, profile and licence, and their LINE link and digest (§25). */
export const usersRouter = createRouter().route('/', userRoutes).route('/', lineUsersRouter);
