/**
 * Build helper (web/vite.config.ts): whether a module of the app runs zod, itself or through what it imports. zod
 * builds a schema when its module runs, so a chunk that holds such a module builds its schemas on whichever screen
 * loads it; the code-splitting groups keep them apart from what /home loads (decision 028, second addendum).
 * Reads the sources' import lines: `import type` is erased and does not count.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const ZOD = /^(zod|@hono\/zod-openapi)(\/|$)/;
const known = new Map<string, boolean>();

function resolve(spec: string, from: string, workerDir: string): string | null {
  const base = spec.startsWith('@worker/')
    ? path.join(workerDir, spec.slice('@worker/'.length))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const file of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (/\.tsx?$/.test(file) && existsSync(file)) return file;
  return null;
}

export function runsZod(id: string, workerDir: string): boolean {
  const file = id.split('?')[0];
  if (!/\.tsx?$/.test(file) || file.includes('/node_modules/')) return false;
  const cached = known.get(file);
  if (cached !== undefined) return cached;
  known.set(file, false); // an import cycle reads as zod-free until its other paths are known
  const source = readFileSync(file, 'utf8');
  let found = false;
  for (const [, spec] of source.matchAll(IMPORT)) {
    const target = ZOD.test(spec) ? null : resolve(spec, file, workerDir);
    if (ZOD.test(spec) || (target && runsZod(target, workerDir))) {
      found = true;
      break;
    }
  }
  known.set(file, found);
  return found;
}
