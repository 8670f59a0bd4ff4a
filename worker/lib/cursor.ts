import { validationError } from './errors';

/**
 * The one cursor codec for keyset pagination: an opaque base64url of JSON `{ v, id }` (the sort value and the
 * key of the last row on the page). Paging by keys, not offsets, never repeats or skips a row while the list changes
 * underneath. The key is the row's integer id, or its text id where the table has one (alerts): never a rowid,
 * which a farm's move to another shard renumbers (docs/product.md §24).
 */
export interface Cursor<Id extends number | string = number> {
  v: string | number | null;
  id: Id;
}

export function encodeCursor(cursor: Cursor<number | string>): string {
  return btoa(unescape(encodeURIComponent(JSON.stringify(cursor))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function decode<Id extends number | string>(raw: string | undefined, isId: (id: unknown) => id is Id) {
  if (!raw) return null;
  try {
    const base64 = raw.replaceAll('-', '+').replaceAll('_', '/');
    const parsed = JSON.parse(decodeURIComponent(escape(atob(base64)))) as Cursor<Id>;
    if (typeof parsed !== 'object' || parsed === null || !isId(parsed.id)) throw new Error('shape');
    if (!['string', 'number'].includes(typeof parsed.v) && parsed.v !== null) throw new Error('value');
    return parsed;
  } catch {
    throw validationError('カーソルが不正です', 'cursor');
  }
}

const integerId = (id: unknown): id is number => Number.isInteger(id);
const textId = (id: unknown): id is string => typeof id === 'string' && id.length > 0 && id.length <= 200;

/** A cursor whose key is an integer id. */
export const decodeCursor = (raw: string | undefined): Cursor | null => decode(raw, integerId);

/** A cursor whose key is a text id (alerts). */
export const decodeTextCursor = (raw: string | undefined): Cursor<string> | null => decode(raw, textId);
