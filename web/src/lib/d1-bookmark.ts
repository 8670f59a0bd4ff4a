/**
 * The D1 Sessions API bookmark per farm (docs/product.md §24, decision 034): the Worker answers every farm-data call
 * with the latest bookmark of the farm's shard in `X-D1-Bookmark`; the next call for that farm sends it back, so the
 * farmer reads their own writes even when the read is served by a replica. Kept for the tab (sessionStorage).
 */
export const D1_BOOKMARK_HEADER = 'X-D1-Bookmark';
const KEY = 'ushicho.d1-bookmarks';

function load(): Map<string, string> {
  try {
    return new Map(Object.entries(JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, string>));
  } catch {
    return new Map();
  }
}

const bookmarks = load();

export const bookmarkOf = (farmId: string | null): string | null => (farmId ? (bookmarks.get(farmId) ?? null) : null);

function keepBookmark(farmId: string | null, bookmark: string | null) {
  if (!farmId || !bookmark || bookmarks.get(farmId) === bookmark) return;
  bookmarks.set(farmId, bookmark);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(Object.fromEntries(bookmarks)));
  } catch {
    /* private mode or no storage: kept for this page only */
  }
}

/** Adds the farm's last bookmark to a request's headers (unless it carries one). */
export function sendBookmark(headers: Headers) {
  const bookmark = bookmarkOf(headers.get('X-Farm-Id'));
  if (bookmark && !headers.has(D1_BOOKMARK_HEADER)) headers.set(D1_BOOKMARK_HEADER, bookmark);
}

/** Keeps the bookmark an answer for that farm came back with. */
export const keepAnswerBookmark = (headers: Headers, response: Response) =>
  keepBookmark(headers.get('X-Farm-Id'), response.headers.get(D1_BOOKMARK_HEADER));
