// The app under wrangler dev for the browser suite (e2e/run.mjs and the tests that need a server of their own).
import { createServer } from 'node:net';
import { serve } from '../scripts/local-server.mjs';

/** A port nothing listens on, on 127.0.0.1. */
export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Development mode, mail to the outbox, no Turnstile secret; `vars` add to or override these. */
export const serveForTests = ({ port, persistTo, vars = {} }) =>
  serve({
    port,
    persistTo,
    quiet: true,
    vars: {
      APP_URL: `http://127.0.0.1:${port}`,
      ENVIRONMENT: 'development',
      RESEND_API_KEY: '',
      TURNSTILE_SECRET_KEY: '',
      ...vars,
    },
  });
