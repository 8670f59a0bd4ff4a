/**
 * The first thing the app's code does (the entry, main.tsx, imports it before anything else runs): a signed-in visit
 * of the first screen (/home) starts its first API calls now — or adopts the ones index.html's first-screen script
 * started — so that they download while the app's bundle arrives and starts, rather than after the router has settled
 * the session and the farm. `loadFirstScreen` (app-start.ts, app.tsx's first import: before React and the router run)
 * starts the screen's lazy chunk.
 */
import { getToken } from './lib/auth-token';
import { sendEarly } from './lib/early-answers';
import { FIRST_SCREEN } from './lib/first-screen';

const firstScreen = location.pathname === FIRST_SCREEN.pathname && Boolean(getToken());

if (firstScreen) sendEarly(location.pathname);

/** The first screen's lazy chunk, for a signed-in visit of it. Not from the entry: on a first visit that would share
 * the slow link with the app's bundle, which the screen needs first (web/first-screen-script.ts preloads its chunks
 * once the bundle has arrived). */
export function loadFirstScreen() {
  if (firstScreen) void import('./routes/_app/-home-screen');
}
