import { env } from 'cloudflare:test';

/**
 * The empty database the migration tests migrate step by step (storage is per test file), with the migrations
 * before and of the one under test, and the two query helpers every such test uses.
 */
export function migrationDb(number: string, set: 'single' | 'shard' | 'directory' = 'single') {
  const db = env.MIGRATION_DB;
  // The single-database history (migrations/0000–0020), or a farm-data shard's or the directory's own (decision 034).
  const all = { single: env.TEST_MIGRATIONS, shard: env.SHARD_MIGRATIONS, directory: env.DIRECTORY_MIGRATIONS }[set];
  return {
    db,
    before: all.filter((m) => m.name < number),
    migration: all.filter((m) => m.name.startsWith(number)),
    run: (sql: string, ...values: unknown[]) =>
      db
        .prepare(sql)
        .bind(...values)
        .run(),
    /** The rows most seeds start from: user 1 (北 太郎) and farms 1 (北牧場) and 2 (南牧場). */
    userAndTwoFarms: () => [
      db.prepare(`INSERT INTO users (id, user_name, email, is_verified) VALUES (1, '北 太郎', 'north@example.jp', 1)`),
      db.prepare(`INSERT INTO farms (id, name) VALUES (1, '北牧場'), (2, '南牧場')`),
    ],
    /** An alert of a farm's animal as a shard stores it (the alerts' columns are the same before 0012 and 0013). */
    alert: (id: string, farm: number | null, severity: string, status: string, cattleId: number, due: string | null) =>
      db
        .prepare(
          `INSERT INTO alerts (id, farm_id, type, severity, status, cattle_id, due_at, message, created_by, created_at, updated_at)
           VALUES (?, ?, 'ESTRUS_EXPECTED', ?, ?, ?, ?, 'msg', 1, '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')`,
        )
        .bind(id, farm, severity, status, cattleId, due),
    all: async <T = Record<string, unknown>>(sql: string, ...values: unknown[]) =>
      (
        await db
          .prepare(sql)
          .bind(...values)
          .all<T>()
      ).results,
  };
}
