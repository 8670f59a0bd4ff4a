/**
 * Build plugin: a small classic script inlined in index.html that, for a signed-in visit of the first screen (/home),
 * starts the screen's first API calls and preloads its lazy chunks' CSS while the app's own bundle still downloads, and
 * its lazy JS chunks the moment the bundle has arrived, while it compiles and runs. Without it they would wait for the
 * bundle to arrive and run (web/src/boot.ts), a second wave of round trips on a phone's slow link
 * (bench/web-perf.mjs). Inline, it runs as the page is parsed: as a file of its own it waited 0.5–1 s on the throttled
 * phone's link beside the bundle before its calls went out (decision 064). The app adopts its calls
 * (web/src/lib/early-answers.ts) and sends its own when it did not run.
 * Every inline script of index.html (this one and the theme's) is allowed by its hash in the Content-Security-Policy
 * of the built `_headers`; the build fails when the policy has no `script-src 'self'` to add them to.
 * It also links the app's bundle as modulepreload: the entry (web/src/main.tsx) is tiny and imports the app one frame
 * after the first paint, and the link makes the bundle come with the first download all the same.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  EARLY_GLOBAL,
  EVERY_SCREEN,
  FARM_KEY,
  FIRST_SCREEN,
  LATER_CHUNKS,
  parseFarmId,
  TOKEN_KEY,
} from './src/lib/first-screen.ts';

interface Config {
  pathname: string;
  tokenKey: string;
  farmKey: string;
  global: string;
  calls: string[];
  /** The app's bundle (the chunk the entry imports after the first paint, linked as modulepreload). */
  bundle: string;
  preload: string[];
}

/** Runs in the browser, serialised into the script: plain code, no imports (parseFarmId is passed in). */
function firstScreen(c: Config, farmIdOf: (stored: string | null) => number | null) {
  // Run (the app's entry waits for this script while the global is undefined), with no calls unless set below.
  (window as unknown as Record<string, unknown>)[c.global] = null;
  try {
    const token = localStorage.getItem(c.tokenKey);
    if (location.pathname !== c.pathname || !token) return;
    const farmId = farmIdOf(localStorage.getItem(c.farmKey));
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    if (farmId !== null) headers['X-Farm-Id'] = String(farmId);
    const answers: Record<string, Promise<Response>> = {};
    for (const path of c.calls) {
      answers[path] = fetch(path, { headers });
      answers[path].catch(() => undefined);
    }
    (window as unknown as Record<string, unknown>)[c.global] = { token, farmId, sentAt: Date.now(), answers };
    // A repeat visit served by the service worker has the chunks at once: preloading them here would only take the
    // main thread before the first paint (each link's answer is handled there). The app's own imports fetch them.
    if (navigator.serviceWorker?.controller) return;
    // As Vite's own preloading of a lazy import does it (crossorigin), so the import finds them in the cache.
    const preload = (css: boolean) => {
      for (const href of c.preload.filter((file) => file.endsWith('.css') === css)) {
        const link = document.createElement('link');
        link.rel = css ? 'preload' : 'modulepreload';
        if (css) link.as = 'style';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      }
    };
    // The small style sheets now; the script chunks once the bundle has arrived, while it compiles and runs: sharing
    // the link with it, they would only delay it (the screen needs both).
    preload(true);
    const bundle = new URL(c.bundle, location.href).href;
    try {
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntries().some((e) => e.name === bundle)) return;
        observer.disconnect();
        preload(false);
      });
      observer.observe({ type: 'resource', buffered: true });
    } catch {
      preload(false);
    }
  } catch {
    // Storage refused (private mode): the app asks itself.
  }
}

interface Options {
  /** The first screen's route files and its screen, whose chunks (route chunks split by the router plugin carry a
   * `?tsr-split=` query) are preloaded with what they import. */
  screens: string[];
  /** The app's module, which the tiny entry imports after the first paint: its chunk and the chunks it imports are
   * linked as modulepreload, so they come with the first download (and bench/bundle.mjs counts them as initial JS). */
  app: string;
  /** Chunk names index.html holds as modulepreload links in `template#${LATER_CHUNKS}`: the app adds them once the first
   * screen is up (web/src/app.tsx), so they are downloaded and compiled before a screen imports them, but not on the
   * first screen's slow link (the 'forms' chunk: zod and what runs it, decision 028's second and fourth addenda).
   * bench/bundle.mjs counts them with the first download. */
  download?: string[];
}

/** The CSP source of each inline classic script in `html` ('sha256-…'), as browsers hash the script's text. */
export function inlineScriptHashes(html: string) {
  return (
    [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .filter(([tag]) => !/type="(module|application\/json)"/.test(tag))
      // The browser hashes the text as parsed: its line breaks are LF whatever the file held.
      .map(
        ([, text]) => `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`,
      )
  );
}

/** `_headers` with the hashes added to every Content-Security-Policy's `script-src 'self'`. */
export function allowInlineScripts(headers: string, hashes: readonly string[]) {
  const allowed = headers.replace(/(Content-Security-Policy:[^\n]*script-src 'self')/g, `$1 ${hashes.join(' ')}`);
  if (allowed === headers)
    throw new Error("first-screen script: _headers has no Content-Security-Policy with script-src 'self'");
  return allowed;
}

export function firstScreenScript({
  screens: screenModules,
  app: appModule,
  download: downloadChunks = [],
}: Options): Plugin {
  let outDir = '';
  let hashes: string[] = [];
  return {
    name: 'ushicho-first-screen',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // The public folder's _headers is copied into the build before this runs.
    writeBundle() {
      const file = path.join(outDir, '_headers');
      writeFileSync(file, allowInlineScripts(readFileSync(file, 'utf8'), hashes));
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
      const byModule = (module: string) =>
        chunks.find((c) => c.facadeModuleId?.split('?')[0].endsWith(module) && !c.isEntry);
      const screens = screenModules.map(byModule);
      // The app's module is in a chunk of its own group (web/vite.config.ts), which has no facade.
      const app = chunks.find((c) => !c.isEntry && c.moduleIds.some((id) => id.endsWith(appModule)));
      const entries = chunks.filter((c) => c.isEntry);
      const entry = entries.length === 1 ? entries[0] : undefined;
      const html = bundle['index.html'];
      if (screens.some((screen) => !screen) || !app || !entry || !html || html.type !== 'asset')
        throw new Error(
          `first-screen script: ${[...screenModules, appModule].join(', ')} or the app's entry not found`,
        );
      // A chunk and the chunks it imports, but not the entry (index.html loads it already), with their CSS.
      const closure = (start: string, skip: Set<string>) => {
        const seen = new Set<string>();
        const css = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (seen.has(fileName) || skip.has(fileName) || !chunk || chunk.type !== 'chunk' || chunk.isEntry) return;
          seen.add(fileName);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          chunk.imports.forEach(visit);
        };
        visit(start);
        return { seen, css };
      };
      const appChunks = closure(app.fileName, new Set());
      // The app's style sheets would be loaded by the entry's import, after the first paint: all of them belong in the
      // entry's style sheet (web/src/styles.css and what the app shell imports).
      if (appChunks.css.size > 0)
        throw new Error(`first-screen script: the app's bundle has its own CSS (${[...appChunks.css].join(', ')})`);
      const seen = new Set<string>();
      const css = new Set<string>();
      for (const screen of screens) {
        if (!screen) continue;
        const found = closure(screen.fileName, appChunks.seen);
        for (const file of found.seen) seen.add(file);
        for (const file of found.css) css.add(file);
      }
      // The first screen builds no zod schema before today's alerts show (decision 028, second addendum): a form on it
      // loads its schema when opened (React.lazy), and what runs zod stays out of the chunks it loads.
      const withZod = [entry.fileName, ...appChunks.seen, ...seen].filter((file) => {
        const chunk = bundle[file];
        return chunk?.type === 'chunk' && Object.keys(chunk.modules).some((id) => id.includes('/node_modules/zod/'));
      });
      if (withZod.length > 0)
        throw new Error(
          `first-screen script: the first screen loads zod (${withZod.join(', ')}); load its forms lazily`,
        );
      const config: Config = {
        pathname: FIRST_SCREEN.pathname,
        tokenKey: TOKEN_KEY,
        farmKey: FARM_KEY,
        global: EARLY_GLOBAL,
        calls: FIRST_SCREEN.calls.map((call) => call.path),
        bundle: `/${app.fileName}`,
        preload: [...css, ...seen].map((file) => `/${file}`),
      };
      const source = `(${firstScreen.toString()})(${JSON.stringify(config)},${parseFarmId.toString()});`;
      if (source.includes('</')) throw new Error('first-screen script: its source cannot be inlined (it holds "</")');
      const downloads = chunks.filter((c) => c.name && downloadChunks.includes(c.name) && !c.isEntry);
      if (downloads.length !== downloadChunks.length)
        throw new Error(`first-screen script: chunks ${downloadChunks.join(', ')} not all found`);
      // The app's bundle at the browser's priority for module scripts; the downloads inert in a template until the app
      // adds them after the first screen: a low fetch priority did not keep them off the bundle's slow link.
      const later = downloads.map((c) => `<link rel="modulepreload" crossorigin href="/${c.fileName}">`).join('');
      // Every other chunk and style sheet, for the app to fetch without running once the first screen is up
      // (fetchEveryScreen, web/src/lib/first-screen.ts): a list, not links, so nothing is fetched before then.
      const loaded = new Set([entry.fileName, ...appChunks.seen, ...downloads.map((c) => c.fileName)]);
      const rest = chunks.filter((c) => !loaded.has(c.fileName));
      const everyScreen = {
        js: rest.map((c) => `/${c.fileName}`),
        css: [...new Set(rest.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].map((file) => `/${file}`),
      };
      const links = [
        ...[...appChunks.seen].map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`),
        ...(later ? [`\n    <template id="${LATER_CHUNKS}">${later}</template>`] : []),
        `\n    <script type="application/json" id="${EVERY_SCREEN}">${JSON.stringify(everyScreen)}</script>`,
      ].join('');
      html.source = String(html.source).replace('</title>', `</title>\n    <script>${source}</script>${links}`);
      hashes = inlineScriptHashes(String(html.source));
    },
  };
}
