import { and, eq, gt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { directoryDb } from '../db/client';
import { sessions } from '../db/schema';
import type { AppEnv } from '../env';
import { unauthorized } from '../lib/errors';
import { slideSession } from './sliding-session';
import { verifyBearer } from './tokens';

/** Bearer authentication: a valid signed token whose session has not been signed out. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = await verifyBearer(c.env, c.req.header('Authorization'));
  const { userId, sessionId } = token;
  const [session] = await directoryDb(c.env)
    .select({ id: sessions.id, createdAt: sessions.createdAt })
    .from(sessions)
    .where(
      and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, new Date().toISOString())),
    )
    .limit(1);
  if (!session) throw unauthorized('Session expired or signed out');
  await slideSession(c, token, session.createdAt);
  c.set('userId', userId);
  c.set('sessionId', sessionId);
  await next();
});
