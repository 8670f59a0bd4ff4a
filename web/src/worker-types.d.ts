// The web app imports the Worker's response types (type-only). These Workers globals appear in those types;
// the browser never sees them, so they are declared opaque here instead of pulling in @cloudflare/workers-types,
// which conflicts with the DOM library.
declare interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
  first<T = unknown>(column?: string): Promise<T | null>;
}
declare interface D1Database {
  prepare(sql: string): D1PreparedStatement;
  batch(statements: unknown[]): Promise<D1Result[]>;
  withSession(constraintOrBookmark?: string): D1DatabaseSession;
}
declare interface D1DatabaseSession {
  prepare(sql: string): D1PreparedStatement;
  batch(statements: unknown[]): Promise<D1Result[]>;
  getBookmark(): string | null;
}
declare type D1Result<T = unknown> = { results: T[] };
declare type Fetcher = unknown;
declare type ExecutionContext = unknown;
declare type ScheduledController = unknown;
