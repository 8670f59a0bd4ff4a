import { errors, jwtVerify, SignJWT } from 'jose';
import { type Env, isProduction } from '../env';
import { randomToken } from '../lib/crypto';
import { AppError, unauthorized } from '../lib/errors';

const ISSUER = 'ushicho';
const AUDIENCE = 'ushicho-app';
/** Every sign-in lasts 30 days, sliding: a request in the last half renews it, up to 90 days after sign-in (§3). */
export const SESSION_SECONDS = 30 * 24 * 60 * 60;
export const MAX_SESSION_SECONDS = 90 * 24 * 60 * 60;
const DEVELOPMENT_SECRET = 'ushicho-development-secret-not-for-production-use';

/** The HMAC keys imported so far, by secret: imported once per isolate, not on every request (decision 030). */
const importedKeys = new Map<string, Promise<CryptoKey>>();

function secretKey(env: Env): Promise<CryptoKey> {
  let secret = env.JWT_SECRET;
  if (!secret || new TextEncoder().encode(secret).length < 32) {
    if (isProduction(env))
      throw new AppError({
        status: 500,
        code: 'MISCONFIGURED',
        message: 'JWT_SECRET is missing or shorter than 32 bytes',
      });
    secret = DEVELOPMENT_SECRET;
  }
  let key = importedKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    importedKeys.set(secret, key);
  }
  return key;
}

interface SessionRow {
  id: string;
  userId: number;
  expiresAt: string;
}

/** A new session row and its signed token. The caller writes the row. */
export async function issueSession(env: Env, userId: number, lifetimeSeconds: number) {
  const sessionId = randomToken(24);
  const expiresAt = Math.floor(Date.now() / 1000) + lifetimeSeconds;
  const token = await signToken(env, userId, sessionId, expiresAt);
  const session: SessionRow = { id: sessionId, userId, expiresAt: new Date(expiresAt * 1000).toISOString() };
  return { token, session };
}

/** A token for an existing session that expires at `expiresAt` (seconds since the epoch). */
export async function signToken(env: Env, userId: number, sessionId: string, expiresAt: number) {
  const issuedAt = Math.floor(Date.now() / 1000);
  return new SignJWT({ userId, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .sign(await secretKey(env));
}

/** The bearer token's verified claims from an Authorization header; every 401 message of docs/product.md §3. */
export function verifyBearer(env: Env, header: string | undefined) {
  if (!header) throw unauthorized('No token provided');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized('Invalid token format');
  return verifyAccessToken(env, match[1]);
}

type VerifiedToken = { userId: number; sessionId: string; expiresAt: number };

/**
 * Tokens this isolate has verified, by the secret and the token's exact text, until they expire: a phone's run of
 * requests sends the same token, and its signature and claims do not change, so only the first pays jose's HMAC
 * and claim checks (about 0.17 ms). Expiry is checked again on every use; the session itself is read (or kept at
 * most ACCESS_CACHE_MS) by farm access, so a sign-out still ends it.
 */
const verified = new Map<string, VerifiedToken>();
const VERIFIED_MAX = 1_000;

/** Verifies a bearer token; the 401 messages are docs/product.md §3's. */
async function verifyAccessToken(env: Env, token: string): Promise<VerifiedToken> {
  const key = `${env.JWT_SECRET ?? ''}\n${token}`;
  const hit = verified.get(key);
  if (hit) {
    if (hit.expiresAt > Date.now() / 1000) return hit;
    verified.delete(key);
  }
  const fresh = await verifySignedToken(env, token);
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(key, fresh);
  return fresh;
}

async function verifySignedToken(env: Env, token: string): Promise<VerifiedToken> {
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) throw unauthorized('Invalid token format');
  try {
    const { payload } = await jwtVerify(token, await secretKey(env), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      // A token we signed always carries these; one without them was not issued by a sign-in (§3).
      requiredClaims: ['exp', 'iat', 'iss', 'aud', 'sid'],
    });
    if (typeof payload.userId !== 'number' || !Number.isInteger(payload.userId)) {
      throw unauthorized('Invalid token: missing userId');
    }
    if (typeof payload.sid !== 'string') throw unauthorized('Invalid token');
    return { userId: payload.userId, sessionId: payload.sid, expiresAt: payload.exp ?? 0 };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof errors.JWTExpired) throw unauthorized('Token expired');
    throw unauthorized('Invalid token');
  }
}
