import { env } from 'cloudflare:test';

/**
 * The empty database the migration tests migrate step by step (storage is per test file), with the migrations
 * before and of the one under test, and the two query helpers every such test uses.
 */
export function migrationDb(number: string) {
  const db = env.MIGRATION_DB;
  return {
    db,
    before: env.TEST_MIGRATIONS.filter((m) => m.name < number),
    migration: env.TEST_MIGRATIONS.filter((m) => m.name.startsWith(number)),
    run: (sql: string, ...values: unknown[]) =>
      db
        .prepare(sql)
        .bind(...values)
        .run(),
    all: async <T = Record<string, unknown>>(sql: string, ...values: unknown[]) =>
      (
        await db
          .prepare(sql)
          .bind(...values)
          .all<T>()
      ).results,
  };
}
