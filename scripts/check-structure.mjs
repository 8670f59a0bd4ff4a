// Structure rules that Biome and dependency-cruiser do not check (docs/decisions/016-one-way-to-write.md):
// a route file (worker/**/*.index.ts, *.routes.ts) stays under 200 lines, and a route handler under 25; a function of
// the web app reads in one screen, at most 150 lines (docs/decisions/038-web-house.md); a web test file sits beside the
// file it is named after (`x.test.tsx` tests `x.tsx` or `x.ts`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MAX_ROUTE_FILE_LINES = 200;
const MAX_HANDLER_LINES = 25;
const MAX_WEB_FUNCTION_LINES = 150;
const root = path.resolve(import.meta.dirname, '..');

function* files(dir, pattern = /\.(index|routes)\.ts$/) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full, pattern);
    else if (pattern.test(name)) yield full;
  }
}

/** Every function, method and arrow function of a web source file with its length in lines, by the TypeScript parser. */
function webFunctions(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = lineOf(node.getStart(source));
      const parent = node.parent;
      const name =
        node.name?.getText(source) ??
        (parent && ts.isVariableDeclaration(parent) ? parent.name.getText(source) : '(anonymous)');
      found.push({ line: start, length: lineOf(node.end) - start + 1, name });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
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
for (const file of files(path.join(root, 'web/src'), /(?<!\.gen)\.tsx?$/)) {
  for (const fn of webFunctions(file)) {
    if (fn.length > MAX_WEB_FUNCTION_LINES) {
      const at = `${path.relative(root, file)}:${fn.line}`;
      problems.push(`${at}: function ${fn.name} of ${fn.length} lines (at most ${MAX_WEB_FUNCTION_LINES})`);
    }
  }
}
for (const file of files(path.join(root, 'web/src'), /\.test\.tsx?$/)) {
  const base = file.replace(/\.test\.tsx?$/, '');
  if (![`${base}.ts`, `${base}.tsx`].some((named) => existsSync(named)))
    problems.push(
      `${path.relative(root, file)}: no ${path.basename(base)}.ts(x) beside it (name a test after its file)`,
    );
}
if (problems.length) {
  console.error(`Structure check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  'Structure check: route files, handlers and web functions are within their sizes; web tests sit beside their files.',
);
