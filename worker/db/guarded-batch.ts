/**
 * Writes on one animal that cannot lose an update (docs/decisions/025-no-lost-updates.md): each write of the
 * breeding engine's result stores breeding_status.version + 1 of the state it read, and a trigger (migration 0014)
 * refuses it inside the same D1 batch when another write got there first, so the whole batch rolls back. The
 * use case then re-reads the animal and computes again, a bounded number of times. Correct across isolates: the
 * check is in the database, and the uncontended path costs no extra round trip.
 */

import { AppError } from '../lib/errors';
import { runBatch, type Statement } from './batch';
import type { Db } from './client';

/** The batch failed because the animal's breeding state changed since it was read. */
class StaleBreedingState extends Error {
  constructor() {
    super('STALE_BREEDING_STATE');
    this.name = 'StaleBreedingState';
  }
}

const messageOf = (err: unknown) =>
  `${(err as Error)?.message ?? err} ${(err as { cause?: Error })?.cause?.message ?? ''}`;

const isStaleWrite = (err: unknown) =>
  err instanceof StaleBreedingState || messageOf(err).includes('STALE_BREEDING_STATE');

export { isForeignKeyViolation } from './unique-violation';

/** Runs the statements as one atomic batch; a refused version becomes StaleBreedingState. */
export async function runGuardedBatch(db: Db, statements: readonly Statement[]) {
  try {
    return await runBatch(db, statements);
  } catch (err) {
    if (isStaleWrite(err)) throw new StaleBreedingState();
    throw err;
  }
}

/** Attempts before giving up: each round lets at least one of the competing writers through. */
const MAX_ATTEMPTS = 40;

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(40, 2 * 2 ** Math.min(attempt, 5))));

/**
 * Runs a read–compute–write use case until its write is not stale. `write` must read everything it computes from
 * inside, so each attempt starts from the stored state.
 */
export async function withFreshState<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isStaleWrite(err)) throw err;
      if (attempt >= MAX_ATTEMPTS)
        throw new AppError({
          status: 409,
          code: 'CONFLICT',
          message: '同じ牛への記録が重なりました。もう一度お試しください',
        });
      await pause(attempt);
    }
  }
}
