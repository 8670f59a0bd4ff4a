import type { Db } from './db/drizzle';
import type { FarmRole } from './domain/roles';

export interface Env {
  /** The directory: accounts, farms, members, each farm's shard (decision 034). */
  DB: D1Database;
  /** The farm-data shards FARM_DB_0 … FARM_DB_n (decision 034). */
  [shard: `FARM_DB_${number}`]: D1Database;
  ASSETS: Fetcher;
  /** The dawn run's queue (decision 035): one message per farm, consumed by this Worker's queue handler. */
  DAWN_QUEUE: QueueProducer;
  /** Register and password-reset mail (decision 049): the request puts the address on it, the consumer mails. */
  ACCOUNT_MAIL_QUEUE: QueueProducer;
  /** Seconds before a failed farm's first retry, doubling each try (30 unless set; the tests set 0). */
  DAWN_RETRY_BASE_SECONDS?: string;
  ENVIRONMENT: 'development' | 'production' | 'test';
  APP_URL: string;
  CORS_DEV_ORIGIN: string;
  CORS_PROD_ORIGIN: string;
  JWT_SECRET?: string;
  RESEND_API_KEY?: string;
  MAIL_FROM: string;
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  ADMIN_USER?: string;
  ADMIN_PASSWORD?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  LINE_CHANNEL_ID?: string;
  LINE_CHANNEL_SECRET?: string;
  /** 'true' when the LINE channel is allowed to ask for the user's email address. */
  LINE_REQUEST_EMAIL?: string;
  /** Provider endpoints; unset means the real ones (a local fake provider sets them in the browser test). */
  GOOGLE_AUTH_URL?: string;
  GOOGLE_TOKEN_URL?: string;
  GOOGLE_USERINFO_URL?: string;
  LINE_AUTH_URL?: string;
  LINE_TOKEN_URL?: string;
  /** The Messaging API channel (not the Login channel): webhook signatures, and pushes (decision 023). */
  LINE_MESSAGING_CHANNEL_SECRET?: string;
  LINE_MESSAGING_ACCESS_TOKEN?: string;
  /** The official account's add-friend link (https://line.me/R/ti/p/@…), shown in settings when set. */
  LINE_FRIEND_URL?: string;
}

/** Whether an env key names a D1 binding: the directory's (`DB`) or a farm-data shard's (`FARM_DB_n`, decision 034). */
export const isD1BindingName = (key: string | symbol): key is 'DB' | `FARM_DB_${number}` =>
  key === 'DB' || (typeof key === 'string' && /^FARM_DB_\d+$/.test(key));

/**
 * The producer side of a queue binding: workers-types' `Queue`, spelled out because the web app's type check reads this
 * file without the Workers globals (web/src/worker-types.d.ts).
 */
interface QueueProducer {
  send(body: unknown): Promise<unknown>;
  sendBatch(messages: Iterable<{ body: unknown }>): Promise<unknown>;
}

interface Variables {
  requestId: string;
  log: Logger;
  userId: number;
  sessionId: string;
  /** Set by farmAccess on farm-data routes: the farm acted on, and the caller's role in it. */
  farmId: number;
  role: FarmRole;
  userName: string;
  /** Set by farmAccess: the farm's shard, and its drizzle client (a D1 Sessions API session on it). */
  shard: number;
  farmDb: Db;
  /** The farm's members' names by user id (JSON), read with the membership: who recorded what (decision 034). */
  memberNames: string;
  /**
   * Set by farmAccess on the routes that name their farm by X-Farm-Id: they act on the farm's own data on its shard,
   * never on a session, user, member or farm row, so their writes keep the kept access answers (decision 064).
   */
  farmDataOnly: boolean;
}

export interface AppEnv {
  Bindings: Env;
  Variables: Variables;
}

export type Logger = (
  level: 'debug' | 'info' | 'warn' | 'error',
  message: string,
  fields?: Record<string, unknown>,
) => void;

export const isProduction = (env: Env) => env.ENVIRONMENT === 'production';
export const isDevelopment = (env: Env) => env.ENVIRONMENT === 'development';
