// `npm run screenshots [-- /route ...]`: phone (390×844) and desktop (1280×800) shots of screens, light and dark,
// signed in to the demo farm, into e2e/artifacts/screens/. With --readme also writes docs/screenshot-*.png;
// `--as inseminator@ushicho.example` signs in as another demo login (same password) and adds its name to the files;
// `--lang en` shoots the English screens (files named …-en-…).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildWeb, ensureDevVars, migrate, root, seedDemoFarm, serve } from './local-server.mjs';

const args = process.argv.slice(2);
const readme = args.includes('--readme');
const publicRoutes = new Set(['/', '/login', '/register', '/forgot-password', '/reset-password']);
const asIndex = args.indexOf('--as');
const as = asIndex >= 0 ? args[asIndex + 1] : null;
const langIndex = args.indexOf('--lang');
const lang = langIndex >= 0 && args[langIndex + 1] === 'en' ? 'en' : 'ja';
const routes = args.filter((a) => a.startsWith('/'));
if (routes.length === 0) routes.push('/', '/login', '/home', '/settings');

const persistTo = mkdtempSync(path.join(tmpdir(), 'ushicho-shots-'));
const port = 8790 + Math.floor(Math.random() * 100);
ensureDevVars();
if (!process.env.SKIP_BUILD) buildWeb();
migrate(persistTo);
const server = await serve({
  port,
  persistTo,
  quiet: true,
  vars: { APP_URL: `http://127.0.0.1:${port}`, ENVIRONMENT: 'development' },
});
process.env.E2E_BASE_URL = server.url;
const { launch, DEMO, PHONE, DESKTOP } = await import('../e2e/support.mjs');
const out = path.join(root, 'e2e', 'artifacts', 'screens');
mkdirSync(out, { recursive: true });
try {
  await seedDemoFarm(server.url);
  const context = await launch();
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${server.url}/login`);
  const login = await page.evaluate(
    async (demo) => {
      const r = await fetch('/api/v1/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(demo),
      });
      return r.json();
    },
    as ? { ...DEMO, email: as } : DEMO,
  );
  for (const scheme of ['light', 'dark']) {
    // The account's saved theme wins once signed in, and the app's service worker answers /users/me from its cache
    // where page.route cannot see it: the theme is saved on the account, as the settings screen saves it.
    if (login.token)
      await page.evaluate(
        ([token, userId, theme]) =>
          fetch(`/api/v1/users/${userId}/theme`, {
            method: 'PATCH',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ theme }),
          }),
        [login.token, login.user.id, scheme],
      );
    for (const [label, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ]) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      for (const route of routes) {
        await page.evaluate(
          ([token, theme, isPublic, locale]) => {
            localStorage.setItem('ushicho.theme', theme);
            localStorage.setItem('ushicho.locale', locale);
            if (isPublic) localStorage.removeItem('ushicho.token');
            else localStorage.setItem('ushicho.token', token);
          },
          [login.token, scheme === 'dark' ? 'dark' : 'light', publicRoutes.has(route.split('?')[0]), lang],
        );
        // The account theme wins once signed in; shots want the scheme asked for.
        await page.route('**/api/v1/users/me', async (r) => {
          const response = await r.fetch();
          const body = await response.json();
          body.data.theme = scheme;
          await r.fulfill({ response, json: body });
        });
        await page.goto(`${server.url}${route}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        const name = `${route.replace(/[/?=&$]+/g, '_').replace(/^_|_$/g, '') || 'landing'}${as ? `-${as.split('@')[0]}` : ''}${lang === 'en' ? '-en' : ''}-${label}-${scheme}.png`;
        await page.screenshot({ path: path.join(out, name), fullPage: label === 'phone' });
        if (readme && scheme === 'light')
          await page.screenshot({ path: path.join(root, 'docs', `screenshot-${name}`) });
        await page.unroute('**/api/v1/users/me');
      }
    }
  }
  await context.close();
  console.log(`Screenshots in ${out}`);
} finally {
  server.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
