// Types of farm-move-core.mjs, for its test (worker/farms/farm-move.test.ts).
type D1 = D1Database;
export class FarmMoveError extends Error {}
export interface FarmTable {
  name: string;
  columns: string[];
  /** The condition (one `?`, the farm id) selecting the farm's rows. */
  where: string;
}
export function farmTables(db: D1): Promise<FarmTable[]>;
export function clearFarm(db: D1, tables: FarmTable[], farmId: number): Promise<void>;
export function compareFarm(source: D1, target: D1, tables: FarmTable[], farmId: number): Promise<string[]>;
export interface MoveResult {
  farmId: number;
  from: number;
  to: number;
  copied: Record<string, number> | null;
  ms: number;
  already: boolean;
}
export function moveFarm(options: {
  directory: D1;
  shards: D1[];
  farmId: number;
  to?: number;
  settle?: () => Promise<void>;
  log?: (line: string) => void;
  afterBatch?: (table: string, copied: number) => Promise<void> | void;
}): Promise<MoveResult>;
export function undoMove(options: {
  directory: D1;
  shards: D1[];
  farmId: number;
  log?: (line: string) => void;
}): Promise<{ farmId: number; undone: boolean }>;
