// Waits until the machine is at rest before measurements that a busy machine would distort: the API calls (bench/run.mjs)
// start right after the herds' farms have been seeded and through their dawn runs, while the server and the kernel
// still work through those writes (the databases' pages to disk).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The machine's busy and total CPU time so far, from /proc/stat (null where there is none). */
function cpuTimes() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const values = fields.map(Number);
    const idle = values[3] + (values[4] ?? 0);
    const total = values.reduce((sum, v) => sum + v, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Flushes dirty pages to disk, then waits until the CPUs are at least `idleShare` idle for `quietSeconds` seconds in a
 * row, at most `maxSeconds`. Returns the seconds waited and the last second's idle share.
 */
export async function machineAtRest({ idleShare = 0.9, quietSeconds = 3, maxSeconds = 120 } = {}) {
  const started = Date.now();
  try {
    execFileSync('sync');
  } catch {
    // No sync(1): the wait below still lets the writes settle.
  }
  let quiet = 0;
  let idle = 1;
  let before = cpuTimes();
  while (before && quiet < quietSeconds && Date.now() - started < maxSeconds * 1000) {
    await sleep(1000);
    const now = cpuTimes();
    idle = 1 - (now.busy - before.busy) / Math.max(1, now.total - before.total);
    quiet = idle >= idleShare ? quiet + 1 : 0;
    before = now;
  }
  return { waitedSeconds: Math.round((Date.now() - started) / 100) / 10, idle: Math.round(idle * 100) / 100 };
}
