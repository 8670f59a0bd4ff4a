import { afterAll, vi } from 'vitest';
import { forgetKeptAccess } from '../auth/farm-access';
import { forgetKeptRosters } from '../cattle/roster.queries';
import { freshDatabases } from './fresh-databases';

// The worker project runs its test files one after another in one workerd per core, keeping the Worker's modules
// imported (decision 063). Each file still starts as if it were the first.
await freshDatabases();

// What the Worker's modules keep between requests belongs to the last file's farms, whose ids this file's farms take.
forgetKeptAccess();
forgetKeptRosters();

// A file's spies, fake clocks and stubbed globals end with it, not in the next file.
afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
