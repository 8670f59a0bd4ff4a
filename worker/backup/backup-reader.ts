/**
 * A backup document read from the request as a stream, a row at a time (decision 050): the body is never held whole
 * (a farm of 8,000 head is about 100 MB of JSON, more than a Worker's memory once parsed), and a body past the cap is
 * refused as soon as its bytes pass it. The document is `{ header…, key: [row, row, …], … }`: each top-level value
 * that is not an array is answered whole, each array one element at a time.
 */
import { AppError } from '../lib/errors';

export type BackupPart =
  | { kind: 'value'; key: string; value: unknown }
  | { kind: 'list'; key: string }
  | { kind: 'row'; key: string; index: number; value: unknown };

const BACKUP_READ_MESSAGES = {
  json: 'バックアップファイルをJSONとして読めません',
  value: 'バックアップの1行が大きすぎます（1 MB まで）',
  tooLarge: (cap: string) => `バックアップファイルが大きすぎます（上限 ${cap}）`,
} as const;

export const tooLarge = (limit: number) =>
  new AppError({
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: BACKUP_READ_MESSAGES.tooLarge(
      limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MB` : `${Math.round(limit / 1024)} KB`,
    ),
  });

/** A body that is not JSON, with where it stopped being JSON (characters from its start). */
const notJson = (at: number) =>
  new AppError({ status: 400, code: 'VALIDATION_ERROR', message: `${BACKUP_READ_MESSAGES.json}（${at}文字目）` });

const valueTooLong = () => new AppError({ status: 400, code: 'VALIDATION_ERROR', message: BACKUP_READ_MESSAGES.value });

const SPACE = /\s/;
const QUOTE_OR_ESCAPE = /["\\]/g;

/** The longest one value (a row, a header field) may be: a row of the app is a few hundred characters. */
const MAX_VALUE_CHARS = 1024 * 1024;

/** The text of a body, chunk by chunk, counting its bytes against `limit`. */
async function* textOf(body: ReadableStream<Uint8Array>, limit: number) {
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > limit) throw tooLarge(limit);
      yield decoder.decode(value, { stream: true });
    }
    yield decoder.decode();
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}

/**
 * The parts of a backup document read from `body`. A value's end is found by its brackets and strings alone, then
 * the value is parsed by JSON.parse, so each row costs what parsing it costs; text already read is let go.
 */
export async function* readBackup(body: ReadableStream<Uint8Array>, limit: number): AsyncGenerator<BackupPart> {
  const source = textOf(body, limit);
  let buf = '';
  let pos = 0;
  let consumed = 0;
  let ended = false;
  /** The next text in place of what was read (a value being read keeps its part first); false at the end. */
  const more = async () => {
    if (ended) return false;
    const next = await source.next();
    if (next.done) {
      ended = true;
      return false;
    }
    consumed += buf.length;
    buf = next.value;
    pos = 0;
    return true;
  };
  /** The next character that is not white space (not taken); '' at the end. */
  const peek = async (): Promise<string> => {
    for (;;) {
      while (pos < buf.length && SPACE.test(buf[pos])) pos++;
      if (pos < buf.length) return buf[pos];
      if (!(await more())) return '';
    }
  };
  const expect = async (chars: string) => {
    const c = await peek();
    if (!chars.includes(c) || c === '') throw notJson(consumed + pos);
    pos++;
    return c;
  };
  /** One JSON value from pos: its end found by depth and strings (its parts kept across chunks), then parsed. */
  const value = async (): Promise<unknown> => {
    await peek();
    const parts: string[] = [];
    let length = 0;
    let i = pos;
    let depth = 0;
    let inString = false;
    for (;;) {
      if (i >= buf.length) {
        // An escaped character past the end of this chunk is the first of the next.
        const skip = i - buf.length;
        parts.push(buf.slice(pos));
        length += buf.length - pos;
        if (length > MAX_VALUE_CHARS) throw valueTooLong();
        pos = buf.length;
        if (!(await more())) {
          if (depth === 0 && !inString && length > 0) break;
          throw notJson(consumed + pos);
        }
        i = skip;
        continue;
      }
      const c = buf[i];
      if (inString) {
        // Straight to the string's next quote or backslash.
        QUOTE_OR_ESCAPE.lastIndex = i;
        const found = QUOTE_OR_ESCAPE.exec(buf);
        if (!found) {
          i = buf.length;
          continue;
        }
        i = found.index;
        if (buf[i] === '\\') i++;
        else {
          inString = false;
          if (depth === 0) {
            i++;
            break;
          }
        }
      } else if (c === '"') inString = true;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        if (depth === 0) break;
        depth--;
        if (depth === 0) {
          i++;
          break;
        }
      } else if (depth === 0 && (c === ',' || SPACE.test(c))) break;
      i++;
    }
    const end = Math.min(i, buf.length);
    parts.push(buf.slice(pos, end));
    if (length + end - pos > MAX_VALUE_CHARS) throw valueTooLong();
    pos = end;
    try {
      return JSON.parse(parts.join(''));
    } catch {
      throw notJson(consumed + pos);
    }
  };

  await expect('{');
  if ((await peek()) === '}') {
    pos++;
    return;
  }
  for (;;) {
    const key = await value();
    if (typeof key !== 'string') throw notJson(consumed + pos);
    await expect(':');
    if ((await peek()) === '[') {
      pos++;
      yield { kind: 'list', key };
      if ((await peek()) === ']') pos++;
      else {
        for (let index = 0; ; index++) {
          yield { kind: 'row', key, index, value: await value() };
          if ((await expect(',]')) === ']') break;
        }
      }
    } else {
      yield { kind: 'value', key, value: await value() };
    }
    if ((await expect(',}')) === '}') break;
  }
  if ((await peek()) !== '') throw notJson(consumed + pos);
}
