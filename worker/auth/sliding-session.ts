import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { directoryDb } from '../db/client';
import { sessions } from '../db/schema';
import type { AppEnv } from '../env';
import { MAX_SESSION_SECONDS, SESSION_SECONDS, signToken } from './tokens';

/**
 * Keeps a farmer in the barn signed in: a request in the last half of the token's life gets a fresh token for the
 * same session in `X-Refreshed-Token` (the session row is extended with it), never beyond 90 days after sign-in.
 * Signing out still ends the session at once, since every request reads it.
 */
export async function slideSession(
  c: Context<AppEnv>,
  token: { userId: number; sessionId: string; expiresAt: number },
  sessionCreatedAt: string,
) {
  const now = Math.floor(Date.now() / 1000);
  if (token.expiresAt - now > SESSION_SECONDS / 2) return;
  const cap = Math.floor(Date.parse(sessionCreatedAt) / 1000) + MAX_SESSION_SECONDS;
  const expiresAt = Math.min(now + SESSION_SECONDS, cap);
  if (expiresAt <= token.expiresAt) return;
  const fresh = await signToken(c.env, token.userId, token.sessionId, expiresAt);
  await directoryDb(c.env)
    .update(sessions)
    .set({ expiresAt: new Date(expiresAt * 1000).toISOString() })
    .where(eq(sessions.id, token.sessionId));
  c.header('X-Refreshed-Token', fresh);
}
