// The web bundle as a phone downloads it, gzipped: the initial JS (the entry chunk and the chunks index.html
// preloads, those it keeps in a template for after the first screen included) and CSS, and for each lazily loaded screen (`*-page-*.js`) its own chunk plus the static imports it
// needs that the initial load did not bring.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

export function bundleReport(dist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const assets = path.join(dist, 'assets');
  const files = readdirSync(assets);
  const size = new Map(files.map((f) => [f, gzipSync(readFileSync(path.join(assets, f)), { level: 9 }).length]));
  const raw = new Map(files.map((f) => [f, readFileSync(path.join(assets, f)).length]));
  const staticImports = new Map();
  const importsOf = (file) => {
    if (!staticImports.has(file)) {
      const source = readFileSync(path.join(assets, file), 'utf8');
      const found = [...source.matchAll(/(?:^|[;\s}])import\s*(?:[^"'();]*?from\s*)?["']\.\/([\w.-]+\.js)["']/g)].map(
        (m) => m[1],
      );
      staticImports.set(file, [...new Set(found)]);
    }
    return staticImports.get(file);
  };
  const closure = (start) => {
    const seen = new Set();
    const visit = (file) => {
      if (seen.has(file) || !size.has(file)) return;
      seen.add(file);
      importsOf(file).forEach(visit);
    };
    start.forEach(visit);
    return seen;
  };
  const assetRefs = (pattern) => [...html.matchAll(pattern)].map((m) => path.basename(m[1]));
  const entry = assetRefs(/<script type="module"[^>]*src="([^"]+)"/g);
  const preloads = assetRefs(/<link rel="modulepreload"[^>]*href="([^"]+)"/g);
  const initialJs = closure([...entry, ...preloads]);
  const initialCss = assetRefs(/<link rel="stylesheet"[^>]*href="([^"]+)"/g);
  const sum = (list) => [...list].reduce((total, f) => total + (size.get(f) ?? 0), 0);

  const routes = files
    .filter((f) => /-page-[\w-]+\.js$/.test(f))
    .map((file) => {
      const extra = [...closure([file])].filter((f) => !initialJs.has(f));
      return {
        chunk: file,
        name: file.replace(/-[\w-]{8}\.js$/, ''),
        chunkKb: kb(size.get(file)),
        routeKb: kb(sum(extra)),
        chunks: extra.length,
      };
    })
    .sort((a, b) => b.routeKb - a.routeKb);
  return {
    initialJsKb: kb(sum(initialJs)),
    initialJsRawKb: kb([...initialJs].reduce((t, f) => t + raw.get(f), 0)),
    initialJsFiles: [...initialJs],
    initialCssKb: kb(sum(initialCss)),
    allCssKb: kb(sum(files.filter((f) => f.endsWith('.css')))),
    allJsKb: kb(sum(files.filter((f) => f.endsWith('.js')))),
    routes,
  };
}
