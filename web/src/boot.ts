/**
 * The first thing the app's code does (main.tsx imports it before React, the router and everything else run): a
 * signed-in visit of /home starts its screen's lazy chunk and its first API calls now, so that they download while
 * the rest of the app starts, rather than after the router has settled the session and the farm.
 */
import { getToken } from './lib/auth-token';
import { sendEarly } from './lib/early-answers';

if (location.pathname === '/home' && getToken()) {
  sendEarly(location.pathname);
  void import('./features/home/home-page');
}
