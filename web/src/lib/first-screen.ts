/**
 * The first screen a signed-in farmer opens (the app's start_url) and what it asks the API first. Shared by the app
 * (lib/early-answers.ts) and by the build (web/first-screen-script.ts), whose small script in index.html starts these
 * calls and the screen's lazy chunks while the app's own bundle still downloads. No imports: the build reads it.
 */
export const TOKEN_KEY = 'ushicho.token';
export const FARM_KEY = 'ushicho.farm';

/** The global the first-screen script leaves its calls in, for lib/early-answers.ts to hand out (null: it sent none). */
export const EARLY_GLOBAL = '__ushichoEarly';

/** The attribute index.html's first-screen script carries, so that the app can wait for it to run. */
export const SCRIPT_ATTRIBUTE = 'data-first-screen';

/** The id of index.html's template of modulepreload links the app adds once the first screen is up. */
export const LATER_CHUNKS = 'later-chunks';

/** Adds index.html's later chunks (the 'forms' chunk) to the page: downloaded and compiled, run when a screen imports them. */
export function linkLaterChunks(doc: Document = document) {
  const later = doc.getElementById(LATER_CHUNKS);
  if (later instanceof HTMLTemplateElement && later.content.childNodes.length)
    doc.head.append(later.content.cloneNode(true));
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
