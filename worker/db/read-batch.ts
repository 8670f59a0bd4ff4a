/**
 * Several independent reads in one D1 round trip (decision 027). `batchedReads(d1)` gives a drizzle Db whose
 * statements are not sent one by one: every call made while the current task runs (each feature's own read
 * function, started together with Promise.all) is queued and the queue goes out as ONE `DB.batch` on the next
 * macrotask. A read that depends on an earlier one simply goes out in a later batch.
 *
 * For reads only: a batch is one transaction, so one failing statement fails every read of that batch.
 * `raw()` rows are built from the batch's row objects, as drizzle's own db.batch does (d1ToRawMapping): the same
 * limit applies, a select must not return two columns of the same name.
 */
import { clientOf } from './client';

// The few D1 shapes used here, declared locally: the web's type check of AppType reaches this file without the
// Workers types (web/src/worker-types.d.ts).
interface Statement {
  bind(...values: unknown[]): Statement;
  raw(options: { columnNames: true }): Promise<unknown>;
}
interface Result {
  results: unknown[];
}
interface D1Like {
  prepare(query: string): Statement;
  batch(statements: Statement[]): Promise<Result[]>;
  exec(query: string): Promise<unknown>;
  dump(): Promise<unknown>;
  withSession(...args: unknown[]): unknown;
}

interface Pending {
  statement: Statement;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

class Queue {
  private pending: Pending[] = [];
  constructor(private readonly db: D1Like) {}

  add(statement: Statement): Promise<Result> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setTimeout(() => this.flush(), 0);
      this.pending.push({ statement, resolve, reject });
    });
  }

  private async flush() {
    const batch = this.pending;
    this.pending = [];
    try {
      const results = await this.db.batch(batch.map((p) => p.statement));
      batch.forEach((p, i) => {
        p.resolve(results[i]);
      });
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  }
}

class QueuedStatement {
  constructor(
    readonly inner: Statement,
    private readonly queue: Queue,
  ) {}
  bind(...values: unknown[]) {
    return new QueuedStatement(this.inner.bind(...values), this.queue);
  }
  private send<T>(pick: (result: Result) => T): Promise<T> {
    return this.queue.add(this.inner).then(pick);
  }
  all() {
    return this.send((r) => r);
  }
  run() {
    return this.send((r) => r);
  }
  first(column?: string) {
    return this.send((r) => {
      const row = (r.results[0] ?? null) as Record<string, unknown> | null;
      return column === undefined || row === null ? row : row[column];
    });
  }
  raw(options?: { columnNames?: boolean }) {
    if (options?.columnNames) return this.inner.raw({ columnNames: true });
    return this.send((r) => (r.results as Record<string, unknown>[]).map((row) => Object.values(row)));
  }
}

/** A D1 binding that sends the statements of one task together (see above). */
function batchingD1(db: D1Like): D1Like {
  const queue = new Queue(db);
  const unwrap = (s: unknown) => (s instanceof QueuedStatement ? s.inner : (s as Statement));
  return {
    prepare: (query: string) => new QueuedStatement(db.prepare(query), queue) as unknown as Statement,
    batch: (statements: unknown[]) => Promise.all(statements.map((s) => queue.add(unwrap(s)))),
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (...args: unknown[]) => db.withSession(...args),
  };
}

/** A drizzle Db for independent reads started together on one database (a farm's shard): one D1 round trip. */
export const batchedReads = (d1: unknown) => clientOf(batchingD1(d1 as D1Like) as unknown as D1Database);
