// Peak memory per call (issue 50): the bench's server is one workerd process, a child of this one. Before a call is
// measured its peak resident size (VmHWM) is reset (`5` to /proc/PID/clear_refs, Linux); after, the peak is read. A
// machine without /proc (or without the right to reset) reports null.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/** The workerd processes started by this process (Miniflare's runtime). */
function workerdChildren() {
  const out = [];
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return out;
  }
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      if (ppid === process.pid && comm.startsWith('workerd')) out.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const statusKb = (pid, key) => {
  const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : null;
};

/** Starts watching: resets every workerd's peak; `peakMb()` then answers the largest peak since, in MB. */
export function watchPeakMemory() {
  const pids = workerdChildren();
  let resettable = pids.length > 0;
  for (const pid of pids) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      resettable = false;
    }
  }
  return {
    peakMb() {
      if (!resettable) return null;
      let peak = 0;
      for (const pid of pids) {
        try {
          peak = Math.max(peak, statusKb(pid, 'VmHWM') ?? 0);
        } catch {
          return null;
        }
      }
      return Math.round(peak / 102.4) / 10;
    },
  };
}
