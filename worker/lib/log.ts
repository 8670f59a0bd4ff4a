import type { Logger } from '../env';

/** Structured JSON logs: one line per record, readable in `wrangler tail`. */
export function createLogger(base: Record<string, unknown>): Logger {
  return (level, message, fields) => {
    const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...base, ...fields });
    if (level === 'error') console.error(line);
    else if (level === 'warn') console.warn(line);
    else console.log(line);
  };
}
