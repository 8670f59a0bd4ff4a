/**
 * The app itself: the query client, the router and React's root, then (after `load`) the service worker and the
 * offline queue. main.tsx imports it one frame after the page has painted its boot text.
 */
import './app-start';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type AnyRoute, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { keepRosterFresh } from './api/cattle';
import { ApiError } from './api/client';
import { linkLaterChunks } from './lib/first-screen';
import { getLocale } from './lib/i18n';
import './lib/messages';
import { watchSystemTheme } from './lib/theme';
import { createAppRouter } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

const router = createAppRouter(queryClient);
document.documentElement.lang = getLocale();
watchSystemTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

/** Loads every route's screen (code and styles) without running its loader; one that fails loads when opened. */
function loadEveryScreen(appRouter: typeof router) {
  return Promise.allSettled(
    Object.values(appRouter.routesById).map((route) => appRouter.loadRouteChunk(route as AnyRoute)),
  );
}

// After the first screen: the service worker (app shell and saved answers for offline, §15) and the offline write
// queue, which sends what waited for a signal. They wait a moment after `load` so that, on a slow link, they do not
// compete with the first screen's own data (bench/web-perf.mjs). The app starts a frame after the entry, by when
// `load` may have fired already (a repeat visit served by the service worker).
// The 'forms' chunk comes then too (index.html's template, web/first-screen-script.ts).
function startBackground() {
  // Every screen's code and styles, fetched once the first screen is up (§20, turn 4): a farmer who loses the signal
  // seconds after a first visit still opens every screen, before the service worker has finished precaching them.
  setTimeout(() => void loadEveryScreen(router), 500);
  setTimeout(() => {
    linkLaterChunks();
    if ('serviceWorker' in navigator)
      void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
    void import('./api/outbox').then(({ startOutbox }) => startOutbox(() => void queryClient.invalidateQueries()));
    keepRosterFresh(queryClient);
  }, 3000);
}
if (document.readyState === 'complete') startBackground();
else window.addEventListener('load', startBackground, { once: true });
