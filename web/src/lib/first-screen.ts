/**
 * The first screen a signed-in farmer opens (the app's start_url) and what it asks the API first. Shared by the app
 * (lib/early-answers.ts) and by the build (web/first-screen-script.ts), whose small script in index.html starts these
 * calls and the screen's lazy chunks while the app's own bundle still downloads. No imports: the build reads it.
 */
export const TOKEN_KEY = 'ushicho.token';
export const FARM_KEY = 'ushicho.farm';

/** The global the first-screen script leaves its calls in, for lib/early-answers.ts to hand out (null: it sent none). */
export const EARLY_GLOBAL = '__ushichoEarly';

/** The id of index.html's template of modulepreload links the app adds once the first screen is up. */
export const LATER_CHUNKS = 'later-chunks';

/** Adds index.html's later chunks (the 'forms' chunk) to the page: downloaded and compiled, run when a screen imports them. */
export function linkLaterChunks(doc: Document = document) {
  const later = doc.getElementById(LATER_CHUNKS);
  if (later instanceof HTMLTemplateElement && later.content.childNodes.length)
    doc.head.append(later.content.cloneNode(true));
}

/**
 * The id of index.html's list of every other chunk of the app (JSON `{ js, css }`, written by the build): fetched once
 * the first screen is up, none of it run until its screen is opened.
 */
export const EVERY_SCREEN = 'every-screen';

/**
 * Every screen's code and styles fetched without running any of it (§20, turn 4: a farmer who loses the signal seconds
 * after a first visit still opens every screen). The scripts as `modulepreload` — downloaded and compiled into the
 * page's module map, where a screen's `import()` finds them offline, but not run, so no screen's module (and no form
 * schema, which zod builds when its module runs) runs before that screen opens; the style sheets as the screens' own
 * imports would add them. Nothing without the list (the dev server) or for a file the page links already.
 */
export function fetchEveryScreen(doc: Document = document) {
  const list = doc.getElementById(EVERY_SCREEN);
  if (!list?.textContent) return;
  const { js, css } = JSON.parse(list.textContent) as { js: string[]; css: string[] };
  const linked = new Set([...doc.querySelectorAll('link')].map((link) => link.href));
  const add = (href: string, rel: 'stylesheet' | 'modulepreload') => {
    if (linked.has(new URL(href, doc.baseURI).href)) return;
    const link = doc.createElement('link');
    link.rel = rel;
    // As Vite's own preloading of a lazy import does it, so the import finds them.
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  };
  for (const href of css) add(href, 'stylesheet');
  for (const href of js) add(href, 'modulepreload');
}

export const FIRST_SCREEN = {
  pathname: '/home',
  /** `farm`: the answer is the farm's data (it depends on X-Farm-Id). */
  calls: [
    { path: '/api/v1/users/me', farm: false },
    { path: '/api/v1/farms', farm: false },
    { path: '/api/v1/home', farm: true },
  ],
} as const;

/** The farm id kept in this browser, or null when none (or not a valid id). */
export const parseFarmId = (stored: string | null): number | null => {
  const id = Number(stored);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};
