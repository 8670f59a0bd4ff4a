import { mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { idFloorStatements } from './scripts/shard-id-floor.mjs';

/**
 * Tests of pure rules: no Worker, no D1, no bindings. They run in Node, where a test file costs a fraction of a second;
 * in the workers pool each file starts its own workerd and imports the whole Worker (decision 043).
 * `worker/domain` is kept pure by dependency-cruiser, so a domain test that reached for `cloudflare:test` fails here.
 */
const PURE = [
  'worker/domain/**/*.test.ts',
  'web/src/lib/**/*.test.ts',
  'worker/lib/csv.test.ts',
  'worker/lib/xlsx.test.ts',
  'worker/imports/import-plan.test.ts',
  'worker/shipments/shipments.schemas.test.ts',
  // The API document's declared answers, the backup stream reader and the session tokens: no binding, no D1.
  'worker/health/contract.test.ts',
  'worker/backup/backup-reader.test.ts',
  'worker/auth/tokens.test.ts',
  'scripts/readme-layout.test.ts',
  // The build's inline-script hashes (web/first-screen-script.ts): Node's crypto, no browser.
  'web/first-screen-script.test.ts',
];

/** Migration tests (`migrationDb`): an empty MIGRATION_DB and the migration files, nothing of the Worker. */
const MIGRATIONS = ['worker/**/*-migration.test.ts'];

// The migration tests' workerd runs on the Worker's compatibility date.
const COMPATIBILITY_DATE = readFileSync(path.join(import.meta.dirname, 'wrangler.toml'), 'utf8').match(
  /^compatibility_date = "(.+)"$/m,
)?.[1];

// Node's dates in the pure tests read the clock as workerd does: UTC, whatever the machine's zone.
process.env.TZ = 'UTC';

export default defineConfig(async () => {
  // wrangler.toml points at the web build; API tests do not need it, only that the folder exists.
  mkdirSync(path.join(import.meta.dirname, 'web/dist'), { recursive: true });
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  const directoryMigrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations/directory'));
  const shardMigrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations/shard'));
  return {
    // The web app's pure rules import the Worker's shared domain as the web build does (web/vite.config.ts).
    resolve: { alias: { '@worker': path.join(import.meta.dirname, 'worker') } },
    test: {
      silent: 'passed-only',
      testTimeout: 20_000,
      // A test file in the workers pool waits on Vite (in Node) for each module it imports while workerd sits idle,
      // and the reverse: one file per core, not Vitest's default of one fewer, keeps both cores busy (decision 043).
      maxWorkers: availableParallelism(),
      projects: [
        {
          extends: true,
          plugins: [
            cloudflareTest({
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                // An empty database for the migration tests, which migrate the single-database history
                // (migrations/0000–0020) step by step themselves. The directory and the two shards come from
                // wrangler.toml (decision 034).
                d1Databases: ['MIGRATION_DB'],
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  DIRECTORY_MIGRATIONS: directoryMigrations,
                  SHARD_MIGRATIONS: shardMigrations,
                  SHARD_1_ID_FLOOR: idFloorStatements(1),
                  ENVIRONMENT: 'development',
                  APP_URL: 'http://127.0.0.1:8787',
                  JWT_SECRET: 'test-secret-that-is-at-least-32-bytes-long!!',
                  // The dawn queue retries a failed farm at once here, so a test sees its five tries in seconds.
                  DAWN_RETRY_BASE_SECONDS: '0',
                },
              },
            }),
          ],
          test: {
            name: 'worker',
            // One workerd per core runs its files in turn, keeping the Worker's modules imported; each file still starts from
            // empty databases and forgets the last one's spies (worker/test/file-setup.ts, decision 063).
            isolate: false,
            include: ['worker/**/*.test.ts'],
            exclude: [...PURE, ...MIGRATIONS],
            setupFiles: ['./worker/test/file-setup.ts', './worker/test/bcrypt-memo.ts'],
            deps: {
              optimizer: {
                // Every test file imports the Worker (wrangler.toml's main) into a fresh workerd, one module per
                // request to Vite; the libraries pre-bundled make ~490 modules ~180 (decision 043).
                ssr: {
                  enabled: true,
                  include: [
                    '@hono/zod-openapi',
                    'bcryptjs',
                    'csv-parse/sync',
                    'csv-stringify/sync',
                    'drizzle-orm',
                    'drizzle-orm/d1',
                    'drizzle-orm/sqlite-core',
                    'fflate',
                    'hono',
                    'hono/cookie',
                    'hono/cors',
                    'hono/factory',
                    'hono/http-exception',
                    'hono/secure-headers',
                    'jose',
                    'resend',
                    'zod',
                  ],
                },
              },
            },
          },
        },
        {
          // The migration tests migrate their own empty database (worker/test/migration-db.ts) and never call the
          // Worker: without wrangler.toml's main, `cloudflare:test` does not import the app into each file's workerd.
          extends: true,
          plugins: [
            cloudflareTest({
              miniflare: {
                compatibilityDate: COMPATIBILITY_DATE,
                compatibilityFlags: ['nodejs_compat'],
                d1Databases: ['MIGRATION_DB'],
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  DIRECTORY_MIGRATIONS: directoryMigrations,
                  SHARD_MIGRATIONS: shardMigrations,
                },
              },
            }),
          ],
          test: { name: 'migrations', include: MIGRATIONS },
        },
        {
          extends: true,
          test: { name: 'pure', include: PURE, environment: 'node' },
        },
        // The web app's component tests, in their own config (`npm run test:web` runs them alone).
        './vitest.web.config.ts',
      ],
    },
  };
});
