import { createFileRoute } from '@tanstack/react-router';
import { homeQuery } from '../../api/home';
import { HomeScreen } from './-home-screen';

/**
 * How long a visit with nothing kept for home waits for GET /home before it shows without it (a spinner where the
 * cards go). On a first visit the answer is usually in already (the first-screen script sent it while the bundle
 * downloaded): the screen is then drawn once, with its cards, instead of twice — on the throttled phone each drawing and
 * its layout cost 250 ms (bench/web-perf.mjs, decision 067). With an answer kept, the screen shows it at once and
 * refreshes it, as before.
 */
const WAIT_FOR_ANSWER_MS = 700;

export const Route = createFileRoute('/_app/home')({
  // GET /home goes out with the screen's chunk, not once the screen has rendered (the screen does not fetch it again).
  loader: async ({ context: { queryClient }, preload }) => {
    if (preload) return;
    const query = homeQuery(queryClient);
    const kept = queryClient.getQueryData(query.queryKey) !== undefined;
    const fetched = queryClient.prefetchQuery(query);
    if (!kept) await Promise.race([fetched, new Promise((resolve) => setTimeout(resolve, WAIT_FOR_ANSWER_MS))]);
  },
  component: HomeScreen,
});
