/**
 * Idempotency-Key on creating POSTs (docs/product.md §14, decision 027), in one place. A route opts in with
 * `createIdempotentRoute({ … })`: the middleware runs after the route's sign-in middleware (it needs the user and
 * the farm) and before validation and the handler.
 *
 * Cost on an uncontended write: one D1 round trip to claim the key (an atomic batch: insert-or-take-over-expired,
 * then read the row) and one to store the answer, awaited before the answer leaves. Because the stored answer is
 * written before the client can see the first response, a replay never finds an unfinished row except while the
 * first request is still running, which answers 409 Retry-After: 1. Requests without the header pay nothing.
 */
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../env';
import { AppError, validationError } from '../lib/errors';
import { errorResponse } from '../lib/http';
import { runBatch } from './batch';
import { type Db, directoryDb } from './client';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const REPLAYED_HEADER = 'Idempotent-Replayed';
/** A key is kept for 24 hours; the daily cron deletes older rows (purgeIdempotencyKeys). */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** An in-flight claim older than this belongs to a request that died (isolate evicted): it may be taken over. */
const IN_FLIGHT_STALE_MS = 60 * 1000;
/** Answers larger than this are not kept (D1 values are limited); the key is released instead. */
const MAX_STORED_BODY = 1_000_000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Idempotency-Key は1〜255文字の英数字・記号で指定してください',
  reused: 'Idempotency-Key は別のリクエストで使用済みです',
  inFlight: '同じ Idempotency-Key のリクエストを処理中です。しばらくしてから再送してください',
} as const;

interface KeyRow {
  fingerprint: string;
  state: 'in_flight' | 'done';
  status: number | null;
  body: string | null;
  content_type: string | null;
}

/**
 * SHA-256 of what makes two requests "the same": method, path with query, the farm acted on, and the raw body bytes
 * (not decoded text: a Shift_JIS file must not collapse into replacement characters).
 */
async function fingerprintOf(method: string, url: string, farmId: number | undefined, body: ArrayBuffer) {
  const { pathname, search } = new URL(url);
  const head = new TextEncoder().encode(`${method}\n${pathname}${search}\n${farmId ?? ''}\n`);
  const bytes = new Uint8Array(head.length + body.byteLength);
  bytes.set(head);
  bytes.set(new Uint8Array(body), head.length);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Answers a key already claimed: 422 if for another request, 409 while in flight, else the stored answer. */
function answerExisting(c: Context<AppEnv>, row: KeyRow | undefined, expected: string) {
  if (!row || row.fingerprint !== expected) {
    throw new AppError({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_MESSAGES.reused });
  }
  if (row.state !== 'done' || row.status === null) {
    throw new AppError({
      status: 409,
      code: 'IDEMPOTENCY_KEY_IN_FLIGHT',
      message: IDEMPOTENCY_MESSAGES.inFlight,
      headers: { 'Retry-After': '1' },
    });
  }
  const headers: Record<string, string> = { [REPLAYED_HEADER]: 'true' };
  if (row.content_type) headers['Content-Type'] = row.content_type;
  return c.body(row.body ?? '', row.status as ContentfulStatusCode, headers);
}

export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return next();
  if (!KEY_FORMAT.test(key))
    throw validationError(IDEMPOTENCY_MESSAGES.invalid, IDEMPOTENCY_HEADER, 'INVALID_IDEMPOTENCY_KEY');
  const userId = c.get('userId');
  // Read once here; Hono caches it, so the route's validator and handler read the same body again.
  const fingerprint = await fingerprintOf(c.req.method, c.req.url, c.get('farmId'), await c.req.arrayBuffer());
  const now = Date.now();
  const db = directoryDb(c.env);
  const [claim, read] = await runBatch(db, [
    // Claims the key, or takes over a row past 24 hours or an in-flight claim left by a dead request.
    sql`INSERT INTO idempotency_keys (user_id, key, fingerprint, state, created_at)
        VALUES (${userId}, ${key}, ${fingerprint}, 'in_flight', ${new Date(now).toISOString()})
        ON CONFLICT (user_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, state = 'in_flight',
          status = NULL, body = NULL, content_type = NULL, created_at = excluded.created_at
        WHERE idempotency_keys.created_at < ${new Date(now - IDEMPOTENCY_TTL_MS).toISOString()}
          OR (idempotency_keys.state = 'in_flight'
            AND idempotency_keys.created_at < ${new Date(now - IN_FLIGHT_STALE_MS).toISOString()})
        RETURNING user_id`,
    sql`SELECT fingerprint, state, status, body, content_type FROM idempotency_keys
        WHERE user_id = ${userId} AND key = ${key}`,
  ]);
  if (claim.results.length === 0) return answerExisting(c, read.results[0] as KeyRow | undefined, fingerprint);
  const release = () => db.run(sql`DELETE FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`);
  try {
    await next();
  } catch (err) {
    await release();
    throw err;
  }
  const res = c.res;
  const body = res.status < 500 ? await res.clone().text() : undefined;
  if (body === undefined || body.length > MAX_STORED_BODY) {
    await release();
    return;
  }
  await db.run(
    sql`UPDATE idempotency_keys SET state = 'done', status = ${res.status}, body = ${body},
        content_type = ${res.headers.get('Content-Type')} WHERE user_id = ${userId} AND key = ${key}`,
  );
});

/** The daily cron's clean-up: keys older than 24 hours (one statement, by the created_at index). */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  await db.run(sql`DELETE FROM idempotency_keys WHERE created_at < ${cutoff}`);
}

/** A response the route may already declare (a 409 for a duplicate number) keeps its body; the case is added. */
function describe(existing: unknown, added: string) {
  if (!existing) return errorResponse(added.replace(/^./, (c) => c.toUpperCase()));
  const declared = existing as ReturnType<typeof errorResponse>;
  return { ...declared, description: `${declared.description}; or ${added}` };
}

/**
 * Declares a creating POST idempotent: the `Idempotency-Key` header in the contract, its 400/409/422 answers, and
 * the middleware after the route's own (sign-in and farm access).
 */
function idempotent<R extends Omit<RouteConfig, 'path'> & { path: string }>(route: R): R {
  const own =
    route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware];
  const responses = route.responses as Record<string, unknown>;
  return {
    ...route,
    middleware: [...own, idempotency],
    parameters: [
      {
        name: IDEMPOTENCY_HEADER,
        in: 'header',
        required: false,
        description:
          'A client-chosen key (1–255 visible ASCII characters). Within 24 hours the same key from the same user ' +
          'replays the first answer with `Idempotent-Replayed: true` and creates nothing.',
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      },
    ],
    responses: {
      ...route.responses,
      400: describe(responses[400], 'an invalid Idempotency-Key (INVALID_IDEMPOTENCY_KEY)'),
      409: describe(responses[409], 'the same Idempotency-Key is still being processed (Retry-After: 1)'),
      422: describe(responses[422], 'the Idempotency-Key was used with another request (IDEMPOTENCY_KEY_REUSED)'),
    },
  };
}

/** `createRoute` for a creating POST that honours Idempotency-Key (see idempotent). */
export const createIdempotentRoute = <P extends string, R extends Omit<RouteConfig, 'path'> & { path: P }>(route: R) =>
  createRoute(idempotent(route));
