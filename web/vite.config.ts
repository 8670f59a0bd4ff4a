import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenScript } from './first-screen-script.ts';
import { API_CACHE } from './src/lib/offline-status.ts';
import { runsZod } from './zod-modules.ts';

const workerDir = path.resolve(import.meta.dirname, '../worker');
const appModule = path.resolve(import.meta.dirname, 'src/app.tsx');
/** The app's static graph (web/src/app.tsx and what it imports), read once per chunking pass. */
const appGraphs = new WeakMap<object, Set<string>>();
function inApp(id: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }): boolean {
  const app = ctx.getModuleInfo(appModule);
  if (!app) return false;
  let graph = appGraphs.get(app);
  if (!graph) {
    const found = new Set<string>();
    const visit = (module: string) => {
      if (found.has(module)) return;
      found.add(module);
      for (const imported of ctx.getModuleInfo(module)?.importedIds ?? []) visit(imported);
    };
    visit(appModule);
    graph = found;
    appGraphs.set(app, graph);
  }
  return graph.has(id);
}
/** What the screens share (below). */
const SHARED =
  /web\/src\/(api\/(?!filings|history|tasks)|components\/|lib\/)|worker\/(?!domain\/(programmes|census|filings|event-details|filing-input)|[a-z-]+\/[a-z-]+\.schemas\.ts)|lucide-react/;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    // One file per route under src/routes; each route's screen is its own lazily loaded chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its screen: the query factories it needs stay out of the first download.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: path.join(import.meta.dirname, 'src/routes'),
      generatedRouteTree: path.join(import.meta.dirname, 'src/routeTree.gen.ts'),
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    // A signed-in /home starts its API calls and its lazy chunks before the bundle has arrived.
    // The 'forms' chunk (zod and what runs it) comes with the first download, run only by a screen with a form.
    // The app's bundle (what the tiny entry imports after the first paint) is linked as modulepreload too.
    firstScreenScript({
      screens: ['web/src/routes/_app.tsx', 'web/src/routes/_app/home.tsx', 'web/src/routes/_app/-home-screen.tsx'],
      app: 'web/src/app.tsx',
      download: ['forms'],
    }),
    VitePWA({
      // Registered by the app itself after the first render (web/src/lib/pwa.ts), never in the initial bundle.
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['icons/favicon-64.png', 'icons/apple-touch-icon.png'],
      manifest: {
        name: '牛帳 Ushichō — 牛群管理',
        short_name: '牛帳',
        description: '和牛繁殖農家の牛群管理',
        lang: 'ja',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        theme_color: '#166534',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // A new version takes over open pages at once (the first visit is controlled without a reload).
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, request }) => url.pathname.startsWith('/api/v1/') && request.method === 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: API_CACHE,
              networkTimeoutSeconds: 4,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 },
              plugins: [
                {
                  // One copy per farm: the same path answers differently for each X-Farm-Id.
                  cacheKeyWillBeUsed: async ({ request }) =>
                    `${request.url}${request.url.includes('?') ? '&' : '?'}__farm=${request.headers.get('X-Farm-Id') ?? ''}`,
                  // The copy remembers when it was fetched, for '最終更新 HH:MM（オフライン）'.
                  cacheWillUpdate: async ({ response }) => {
                    const headers = new Headers(response.headers);
                    headers.set('X-Ushicho-Cached-At', new Date().toISOString());
                    return new Response(await response.blob(), {
                      status: response.status,
                      statusText: response.statusText,
                      headers,
                    });
                  },
                },
              ],
            },
          },
        ],
      },
    }),
  ],
  resolve: { alias: { '@worker': path.resolve(import.meta.dirname, '../worker') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Everything the first screen needs in two chunks: the tiny entry (what must run before the first paint) and the
    // app's bundle it imports after it; the lazy offline queue and screens share them rather than splitting them into
    // many small initial chunks (each compressed on its own, bench/bundle.mjs).
    rolldownOptions: {
      output: {
        // A route's screen chunk is named after its path ('cattle-id-page-…', 'home-page-…'), as bench/bundle.mjs reads them.
        chunkFileNames: (chunk) => {
          const route = chunk.facadeModuleId?.match(/\/routes\/(.+)\.tsx\?tsr-split/)?.[1];
          if (!route) return 'assets/[name]-[hash].js';
          const name = route
            .replace(/^_app\//, '')
            .replace(/(^|\/)index$/, '')
            .replace(/[/$]+/g, '-');
          return `assets/${name || 'landing'}-page-[hash].js`;
        },
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            // The app's bundle: what web/src/app.tsx imports, which the entry imports after the first paint.
            { name: (id, ctx) => (inApp(id, ctx) ? 'app' : null), priority: 2 },
            // What the screens share (the typed client's resources, shared UI, icons, domain rules) in one chunk
            // rather than twenty small ones fetched in waves over a slow link. Not the API's request schemas
            // (worker/*/*.schemas.ts): zod builds each schema when its module runs, so in this chunk every form's
            // schemas (events, shipments, cattle, accounts…) were built on the first visit of /home, which shows none
            // of those forms; they stay with the screens whose forms check them. Nor the events' typed details
            // (domain/event-details.ts, filing-input.ts), apart from the event labels for the same reason.
            // Nor anything else that runs zod (input rules, e-mail and farm-name schemas, the referral sources): with
            // zod itself they are one 'forms' chunk, which /home does not load (its dialogs' forms load on opening).
            { name: 'shared', test: (id) => SHARED.test(id) && !runsZod(id, workerDir), priority: 1 },
            {
              name: 'forms',
              test: (id) => /node_modules\/zod\//.test(id) || (SHARED.test(id) && runsZod(id, workerDir)),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { port: 3000, proxy: { '/api': 'http://127.0.0.1:8787' } },
});
