// Types of move-to-shards-core.mjs, for its test (worker/db/move-to-shards.test.ts).
type D1 = D1Database;
export interface TableSnapshot {
  count: number;
  rows: string[];
}
export const SHARD_TABLES: string[];
export const DIRECTORY_TABLES: string[];
export const DIRECTORY_INIT: string;
export function tablesOf(db: D1): Promise<string[]>;
export function snapshot(
  db: D1,
  tables: string[],
  omit?: Record<string, string[]>,
): Promise<Record<string, TableSnapshot>>;
export function checkTables(source: D1): Promise<void>;
export function copyFarmData(source: D1, shard: D1): Promise<Record<string, number>>;
export function shardOnlyColumns(source: D1, shard: D1): Promise<Record<string, string[]>>;
export function differences(
  before: Record<string, TableSnapshot>,
  after: Record<string, TableSnapshot>,
  tables: string[],
): string[];
export function becomeDirectory(db: D1, shard?: number): Promise<void>;
export function moveToShard(
  source: D1,
  shard: D1,
  options?: { shardNumber?: number; log?: (line: string) => void },
): Promise<Record<string, number>>;
