import { describe, expect, it } from 'vitest';
import { type BackupPart, readBackup } from './backup-reader';

/** The document's bytes as a stream of chunks of `size` bytes (a character's bytes may be split between two). */
const chunked = (text: string, size: number) => {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  });
};

async function parts(text: string, size: number, limit = 1_000_000) {
  const out: BackupPart[] = [];
  for await (const part of readBackup(chunked(text, size), limit)) out.push(part);
  return out;
}

const DOC = {
  format: 'ushicho-farm',
  version: 1,
  farm: { name: '北牧場 "デモ" \\ {[' },
  cattle: [
    { cattle_id: 1, name: 'ゆり\n"こ"', weight: 450.5, notes: null },
    { cattle_id: 2, name: '\u3042\\', weight: -1e3, notes: '[]{}' },
  ],
  events: [],
  audit: [{ changes: '{"name":["a","b"]}' }],
};

describe('readBackup (a document read a row at a time)', () => {
  it('gives the header values, each list and each row as JSON.parse does, whatever the chunk size', async () => {
    const expected: BackupPart[] = [
      { kind: 'value', key: 'format', value: 'ushicho-farm' },
      { kind: 'value', key: 'version', value: 1 },
      { kind: 'value', key: 'farm', value: DOC.farm },
      { kind: 'list', key: 'cattle' },
      { kind: 'row', key: 'cattle', index: 0, value: DOC.cattle[0] },
      { kind: 'row', key: 'cattle', index: 1, value: DOC.cattle[1] },
      { kind: 'list', key: 'events' },
      { kind: 'list', key: 'audit' },
      { kind: 'row', key: 'audit', index: 0, value: DOC.audit[0] },
    ];
    for (const size of [1, 2, 3, 7, 64, 100_000]) {
      expect(await parts(JSON.stringify(DOC), size), `chunks of ${size}`).toEqual(expected);
      expect(await parts(JSON.stringify(DOC, null, 2), size), `indented, chunks of ${size}`).toEqual(expected);
    }
  });

  it('refuses what is not JSON with where it stopped', async () => {
    for (const text of ['', '[]', '{"a":1,}', '{"cattle":[{"x":1},]}', '{"a":1} x', '{"a":"open', '{"a":tru}']) {
      await expect(parts(text, 3), text).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/^バックアップファイルをJSONとして読めません（\d+文字目）$/),
      });
    }
  });

  it('refuses a value over 1 MB and a body over the limit (413 with the cap in MB)', async () => {
    const long = `{"cattle":[{"name":"${'あ'.repeat(1_100_000)}"}]}`;
    await expect(parts(long, 4096, 1e9)).rejects.toMatchObject({
      status: 400,
      message: 'バックアップの1行が大きすぎます（1 MB まで）',
    });
    const rows = `{"cattle":[${Array.from({ length: 5000 }, (_, i) => `{"cattle_id":${i}}`).join(',')}]}`;
    await expect(parts(rows, 4096, 2 * 1024 * 1024)).resolves.toHaveLength(5001);
    await expect(parts(rows, 4096, 50_000)).rejects.toMatchObject({
      status: 413,
      message: 'バックアップファイルが大きすぎます（上限 49 KB）',
    });
  });
});
