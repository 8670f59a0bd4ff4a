// Structure rules that Biome and dependency-cruiser do not check (docs/decisions/016-one-way-to-write.md):
// a route file (worker/**/*.index.ts, *.routes.ts) stays under 200 lines, and a route handler under 25.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const MAX_ROUTE_FILE_LINES = 200;
const MAX_HANDLER_LINES = 25;
const root = path.resolve(import.meta.dirname, '..');

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(index|routes)\.ts$/.test(name)) yield full;
  }
}

/** The lines of each `.openapi(route, handler)` / `.get(path, handler)` call, from its opening line to its close. */
function handlers(lines) {
  const found = [];
  lines.forEach((line, i) => {
    if (!/^\s*\.(openapi|get|post|put|patch|delete|route)\(/.test(line)) return;
    const indent = line.search(/\S/);
    let end = i;
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j];
      if (next.trim() === '') continue;
      if (next.search(/\S/) <= indent) {
        end = /^\s*\)/.test(next) ? j : j - 1;
        break;
      }
      end = j;
    }
    found.push({ line: i + 1, length: end - i + 1, name: line.trim().slice(0, 60) });
  });
  return found;
}

const problems = [];
for (const file of files(path.join(root, 'worker'))) {
  const relative = path.relative(root, file);
  const lines = readFileSync(file, 'utf8').split('\n');
  if (lines.length > MAX_ROUTE_FILE_LINES) {
    problems.push(`${relative}: ${lines.length} lines (a route file stays under ${MAX_ROUTE_FILE_LINES})`);
  }
  if (!relative.endsWith('.index.ts')) continue;
  for (const h of handlers(lines)) {
    if (h.length > MAX_HANDLER_LINES) {
      problems.push(`${relative}:${h.line}: handler of ${h.length} lines (at most ${MAX_HANDLER_LINES}): ${h.name}`);
    }
  }
}
if (problems.length) {
  console.error(`Structure check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Structure check: route files and handlers are within their sizes.');
