/**
 * Farm access, in one place (docs/product.md §12): the signed-in session and the caller's membership of the farm
 * named by `X-Farm-Id` (or their default farm) are read in ONE statement on the directory's primary, and the route's
 * required role is checked against the member's. The same statement reads the farm's shard (decision 034): the
 * request's farm data is read and written there, through a D1 Sessions API session that starts from the client's
 * `X-D1-Bookmark` and answers with the latest bookmark in the same header. Farm-data routes use `farmAccess(role)`
 * as their middleware instead of requireAuth.
 *
 * The statement's answer is kept per isolate for at most ACCESS_CACHE_MS (decision 030), so a phone's run of reads
 * pays one D1 round trip less. Revocation stays within docs/product.md §3's 10 seconds: another isolate sees a
 * sign-out or a removed member within ACCESS_CACHE_MS, and every write in this isolate but those of a farm's own data
 * (sign-out, sign-out everywhere, member removal, role change, …) forgets all kept answers once it has run
 * (`forgetAccessOnWrite`), so here it takes effect at once.
 */
import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { clientOf, directoryDb, shardBinding } from '../db/client';
import { FARM_MESSAGES, type FarmRole, roleAllows } from '../domain/roles';
import type { AppEnv } from '../env';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { slideSession } from './sliding-session';
import { verifyBearer } from './tokens';

const isRead = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/**
 * A farm moving between shards (`npm run farm:move`, decision 055) answers its writes 503 until it has moved; its
 * reads go on from the shard it is leaving. Clients retry after Retry-After (the offline queue keeps the write).
 */
const farmMoving = () =>
  new AppError({ status: 503, code: 'FARM_MOVING', message: FARM_MESSAGES.moving, headers: { 'Retry-After': '120' } });

const noAccess = () => new AppError({ status: 403, code: 'FARM_ACCESS_DENIED', message: FARM_MESSAGES.noAccess });

/** The farm id of the X-Farm-Id header: undefined when absent, NaN when it is not a positive integer. */
function requestedFarm(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  return /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : Number.NaN;
}

/**
 * Reads the session and the membership together. Without a requested farm it is the default one: the farm last
 * chosen (users.default_farm_id) while still a member, else the first owned, else the first joined.
 */
async function sessionAndMembership(
  db: ReturnType<typeof directoryDb>,
  userId: number,
  sessionId: string,
  farm?: number,
) {
  const chosen =
    farm !== undefined
      ? sql`${farm}`
      : sql`(select m2.farm_id from farm_members m2 join users u on u.id = m2.user_id where m2.user_id = s.user_id
          order by (m2.farm_id = u.default_farm_id) desc, (m2.role = 'owner') desc, m2.joined_at, m2.farm_id limit 1)`;
  const rows = await db.all<{
    session_id: string;
    created_at: string;
    farm_id: number | null;
    role: FarmRole | null;
    user_name: string;
    shard: number | null;
    moving_to: number | null;
    member_names: string | null;
  }>(
    sql`select s.id as session_id, s.created_at as created_at, m.farm_id as farm_id, m.role as role,
        u.user_name as user_name, f.shard as shard, f.moving_to as moving_to,
        (select json_group_object(fm.user_id, mu.user_name) from farm_members fm join users mu on mu.id = fm.user_id
          where fm.farm_id = m.farm_id) as member_names
      from sessions s
      join users u on u.id = s.user_id
      left join farm_members m on m.user_id = s.user_id and m.farm_id = ${chosen}
      left join farms f on f.id = m.farm_id
      where s.id = ${sessionId} and s.user_id = ${userId} and s.expires_at > ${new Date().toISOString()}
      limit 1`,
  );
  return rows[0];
}

type AccessRow = NonNullable<Awaited<ReturnType<typeof sessionAndMembership>>>;

/** How long an isolate keeps a session-and-membership answer: at most 10 s (docs/product.md §3). */
export const ACCESS_CACHE_MS = 5_000;
const ACCESS_CACHE_MAX = 1_000;
const kept = new Map<string, { row: AccessRow; until: number }>();

/**
 * Forgets this isolate's kept answers. Other isolates forget theirs within ACCESS_CACHE_MS, which is what a farm move
 * waits out after pausing a farm's writes and after switching its shard (decision 055); its test forgets at once.
 */
export const forgetKeptAccess = () => kept.clear();

/**
 * App middleware: a write in this isolate (sign-out, member removal, role change, leaving, a default farm, …) forgets
 * the kept answers once it has run, whatever it changed. A write of a farm's own data (a route farmAccess admitted by
 * X-Farm-Id: its animals, events, shipments, …) changes nothing the kept answer holds and keeps it, so a farmer
 * recording in a row pays the check once per ACCESS_CACHE_MS, not once per write (decision 064).
 */
export const forgetAccessOnWrite = createMiddleware<AppEnv>(async (c, next) => {
  if (isRead(c.req.method)) return next();
  try {
    await next();
  } finally {
    if (!c.get('farmDataOnly')) forgetKeptAccess();
  }
});

async function keptSessionAndMembership(
  db: ReturnType<typeof directoryDb>,
  userId: number,
  sessionId: string,
  farm: number | undefined,
) {
  const key = `${sessionId}:${userId}:${farm ?? ''}`;
  const now = Date.now();
  const hit = kept.get(key);
  if (hit && hit.until > now) return hit.row;
  const row = await sessionAndMembership(db, userId, sessionId, farm);
  // Only a member's answer is kept: a refusal is asked again.
  if (row && row.farm_id !== null && row.role !== null) {
    if (kept.size >= ACCESS_CACHE_MAX) kept.clear();
    kept.set(key, { row, until: now + ACCESS_CACHE_MS });
  }
  return row;
}

/**
 * Bearer authentication plus farm membership with at least `minimum` role. Without an explicit role, reads need a
 * viewer and writes (every method but GET/HEAD) a staff member. A farm the caller is not a member of, and one that
 * does not exist, answer the same 403. `farmFromPath` takes the farm from the `farmId` path parameter.
 */
export const farmAccess = (minimum?: FarmRole, options: { farmFromPath?: boolean } = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = await verifyBearer(c.env, c.req.header('Authorization'));
    const { userId, sessionId } = token;
    // The farm routes name their farm in the path (/farms/{farmId}/…); farm-data routes by the header.
    const farm = requestedFarm(options.farmFromPath ? c.req.param('farmId') : c.req.header('X-Farm-Id'));
    if (Number.isNaN(farm)) throw noAccess();
    const row = await keptSessionAndMembership(directoryDb(c.env), userId, sessionId, farm);
    if (!row) throw unauthorized('Session expired or signed out');
    await slideSession(c, token, row.created_at);
    if (row.farm_id === null || row.role === null || row.shard === null) throw noAccess();
    const needed = minimum ?? (isRead(c.req.method) ? 'viewer' : 'staff');
    if (!roleAllows(row.role, needed)) throw forbidden(FARM_MESSAGES.forbidden);
    if (row.moving_to !== null && !isRead(c.req.method)) throw farmMoving();
    c.set('userId', userId);
    c.set('sessionId', sessionId);
    c.set('farmId', row.farm_id);
    c.set('role', row.role);
    c.set('userName', row.user_name);
    c.set('shard', row.shard);
    c.set('memberNames', row.member_names ?? '{}');
    // The farm routes (/farms/{farmId}/…) change members, roles and the farm itself; X-Farm-Id routes its data only.
    c.set('farmDataOnly', !options.farmFromPath);
    const session = shardSession(shardBinding(c.env, row.shard), c.req.header(D1_BOOKMARK_HEADER));
    const db = clientOf(session);
    c.set('farmDb', db);
    await next();
    const bookmark = 'getBookmark' in session ? session.getBookmark() : null;
    if (bookmark) c.header(D1_BOOKMARK_HEADER, bookmark);
  });

/** The request and response header carrying the client's D1 Sessions API bookmark (docs/product.md §24). */
const D1_BOOKMARK_HEADER = 'X-D1-Bookmark';

/**
 * A D1 Sessions API session on the farm's shard: from the client's bookmark, so a member reads their own writes,
 * else 'first-unconstrained' (any replica). A binding without sessions (a test double) is used as it is.
 */
function shardSession(binding: D1Database, bookmark: string | undefined): D1Database | D1DatabaseSession {
  if (typeof binding.withSession !== 'function') return binding;
  return binding.withSession(bookmark?.trim() ? bookmark.trim() : 'first-unconstrained');
}
