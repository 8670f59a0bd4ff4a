// Waits until the machine is at rest before a measurement that a busy CPU would distort: the throttled phone's visits
// (bench/web-perf.mjs) run right after the herds' servers and the dawn run have been stopped, while their processes
// exit and the kernel writes their databases back to disk. Measured here: the same build's first visit took
// 3,005–3,145 ms in that moment and 2,584–2,860 ms two minutes later.
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
