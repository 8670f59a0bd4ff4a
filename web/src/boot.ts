/**
 * The first thing the app's code does (main.tsx imports it before React, the router and everything else run): a
 * signed-in visit of the first screen (/home) starts its lazy chunk and its first API calls now — or adopts the ones
 * index.html's first-screen script started — so that they download while the rest of the app starts, rather than
 * after the router has settled the session and the farm.
 */
import { getToken } from './lib/auth-token';
import { sendEarly } from './lib/early-answers';
import { FIRST_SCREEN } from './lib/first-screen';

if (location.pathname === FIRST_SCREEN.pathname && getToken()) {
  sendEarly(location.pathname);
  void import('./routes/_app/-home-screen');
}
