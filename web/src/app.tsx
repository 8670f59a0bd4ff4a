/**
 * The app itself: the query client, the router and React's root, then (after `load`) the service worker and the
 * offline queue. main.tsx imports it one frame after the page has painted its boot text.
 */
import './app-start';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { keepRosterFresh } from './api/cattle';
import { ApiError } from './api/client';
import { fetchEveryScreen, linkLaterChunks } from './lib/first-screen';
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

/**
 * Once the first screen is up — the router has settled it and no query is fetching, or at the latest 5 s after the
 * start — and half a second more: `then`, off the first screen's slow link and main thread.
 */
function afterFirstScreen(then: () => void) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    setTimeout(then, 500);
  };
  const unsubscribe = router.subscribe('onResolved', () => {
    unsubscribe();
    if (queryClient.isFetching() === 0) return start();
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      stop();
      start();
    });
  });
  setTimeout(start, 5000);
}

// Every screen's code and styles, fetched once the first screen is up (§20, turn 4): a farmer who loses the signal
// seconds after a first visit still opens every screen, before the service worker has finished precaching them.
// Fetched, not run: each screen's modules — and the form schemas they build — run when that screen opens.
afterFirstScreen(fetchEveryScreen);

// After the first screen: the service worker (app shell and saved answers for offline, §15) and the offline write
// queue, which sends what waited for a signal. They wait a moment after `load` so that, on a slow link, they do not
// compete with the first screen's own data (bench/web-perf.mjs). The app starts a frame after the entry, by when
// `load` may have fired already (a repeat visit served by the service worker).
// The 'forms' chunk comes then too (index.html's template, web/first-screen-script.ts).
function startBackground() {
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
