/**
 * Development-only instrumentation for the benchmark (`npm run bench`): counts the D1 round trips one request
 * makes and returns the count in an `X-D1-Queries` response header. Active only when ENVIRONMENT=development and
 * BENCH_COUNT_D1=1; otherwise the handler is called with the untouched env, so production pays one comparison.
 *
 * A round trip is one call that reaches D1: a statement's first/all/run/raw, one db.batch (however many
 * statements it carries) or one exec, on the directory or any farm-data shard (decision 034).
 */
import { type Env, isD1BindingName } from '../env';

const D1_QUERIES_HEADER = 'X-D1-Queries';
/** The SQL time D1 reported for the request's statements (meta.duration, ms), summed: what of a call is SQLite's. */
const D1_SQL_MS_HEADER = 'X-D1-Sql-Ms';
/**
 * Asked with this request header (bench/profile.mjs), the answer carries each statement's SQL time in it, in order:
 * a JSON array of [the statement's first words, ms] (URI-encoded), to see which part of a write costs what.
 */
const D1_PROFILE_HEADER = 'X-D1-Profile';

interface Counter {
  n: number;
  sqlMs?: number;
  profile?: [string, number][];
}

/** A statement's first words, for the profile. */
const labelOf = (query: string) => query.replace(/\s+/g, ' ').trim().slice(0, 90);

/**
 * Adds the SQL time of a D1 answer (one result, or a batch's) to the counter, and to the profile when one is kept,
 * each result under its statement's label; the answer passes through.
 */
function timed<T>(counter: Counter, answer: Promise<T>, labels: readonly string[] = []): Promise<T> {
  return answer.then((result) => {
    (Array.isArray(result) ? result : [result]).forEach((r, i) => {
      const ms = (r as { meta?: { duration?: number } })?.meta?.duration ?? 0;
      counter.sqlMs = (counter.sqlMs ?? 0) + ms;
      counter.profile?.push([labels[i] ?? '?', ms]);
    });
    return result;
  });
}

class CountingStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly counter: Counter,
    private readonly query: string,
  ) {}
  /** Worked out only for a profiled request: the counting itself should cost the measured calls next to nothing. */
  get label() {
    return this.counter.profile ? labelOf(this.query) : '?';
  }
  bind(...values: unknown[]) {
    return new CountingStatement(this.inner.bind(...values), this.counter, this.query);
  }
  first(column?: string) {
    this.counter.n++;
    return column === undefined ? this.inner.first() : this.inner.first(column);
  }
  all() {
    this.counter.n++;
    return timed(this.counter, this.inner.all(), [this.label]);
  }
  run() {
    this.counter.n++;
    return timed(this.counter, this.inner.run(), [this.label]);
  }
  raw(options?: { columnNames?: boolean }) {
    this.counter.n++;
    return this.inner.raw(options as { columnNames: true });
  }
}

const unwrap = (statement: unknown) =>
  statement instanceof CountingStatement ? statement.inner : (statement as D1PreparedStatement);

/** A D1 binding (or a D1 Sessions API session on one) that counts the round trips made through it. */
export function countingD1(db: D1Database | D1DatabaseSession, counter: Counter): D1Database {
  const wrapped = {
    prepare: (query: string) => new CountingStatement(db.prepare(query), counter, query),
    batch: (statements: unknown[]) => {
      counter.n++;
      const labels = counter.profile ? statements.map((s) => (s instanceof CountingStatement ? s.label : '?')) : [];
      return timed(counter, db.batch(statements.map(unwrap)), labels);
    },
    exec: (query: string) => {
      counter.n++;
      return (db as D1Database).exec(query);
    },
    dump: () => (db as D1Database).dump(),
    // A session's round trips count as the binding's (decision 034: farm reads go through one).
    withSession: (...args: Parameters<D1Database['withSession']>) =>
      countingD1((db as D1Database).withSession(...args), counter),
    getBookmark: () => ('getBookmark' in db ? db.getBookmark() : null),
  };
  return wrapped as unknown as D1Database;
}

/**
 * The env with the directory and every farm-data shard counting into one counter. A proxy that wraps a binding when
 * it is first read: copying the env (every binding read, and the shards found by listing its keys) cost each measured
 * request about 1 ms of the Worker's CPU that production does not pay (bench/profile.mjs --cpu: 4–7 % of the
 * samples of a write).
 */
function countingEnv(env: Env, counter: Counter): Env {
  const wrapped = new Map<string, D1Database>();
  return new Proxy(env, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (!isD1BindingName(key) || !value) return value;
      let d1 = wrapped.get(key);
      if (!d1) {
        d1 = countingD1(value as D1Database, counter);
        wrapped.set(key, d1);
      }
      return d1;
    },
  });
}

const counting = (env: Env) =>
  env.ENVIRONMENT === 'development' && (env as Env & { BENCH_COUNT_D1?: string }).BENCH_COUNT_D1 === '1';

type FetchHandler = (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

/** Wraps the Worker's fetch handler: with counting on, each request gets its own counting D1 binding. */
export function withD1Counter(handler: FetchHandler): FetchHandler {
  return async (request, env, ctx) => {
    if (!counting(env)) return handler(request, env, ctx);
    const counter: Counter = { n: 0, sqlMs: 0, ...(request.headers.has(D1_PROFILE_HEADER) ? { profile: [] } : {}) };
    const response = await handler(request, countingEnv(env, counter), ctx);
    const headers: [string, string][] = [
      [D1_QUERIES_HEADER, String(counter.n)],
      [D1_SQL_MS_HEADER, (counter.sqlMs ?? 0).toFixed(2)],
      ...(counter.profile
        ? [[D1_PROFILE_HEADER, encodeURIComponent(JSON.stringify(counter.profile))] as [string, string]]
        : []),
    ];
    try {
      // In place: copying the response would pipe its body through a stream the measurement then pays for.
      for (const [name, value] of headers) response.headers.set(name, value);
      return response;
    } catch {
      // Immutable headers (a redirect or a fetched response): copy it.
      const counted = new Response(response.body, response);
      for (const [name, value] of headers) counted.headers.set(name, value);
      return counted;
    }
  };
}
