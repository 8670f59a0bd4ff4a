import { validationError } from './errors';

/**
 * The one cursor codec for keyset pagination: an opaque base64url of JSON `{ v, id }` (the sort value and the
 * row id of the last row on the page). Paging by keys, not offsets, never repeats or skips a row while the
 * list changes underneath.
 */
export interface Cursor {
  v: string | number | null;
  id: number;
}

export function encodeCursor(cursor: Cursor): string {
  return btoa(unescape(encodeURIComponent(JSON.stringify(cursor))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const base64 = raw.replaceAll('-', '+').replaceAll('_', '/');
    const parsed = JSON.parse(decodeURIComponent(escape(atob(base64)))) as Cursor;
    if (typeof parsed !== 'object' || parsed === null || !Number.isInteger(parsed.id)) throw new Error('shape');
    if (!['string', 'number'].includes(typeof parsed.v) && parsed.v !== null) throw new Error('value');
    return parsed;
  } catch {
    throw validationError('カーソルが不正です', 'cursor');
  }
}
