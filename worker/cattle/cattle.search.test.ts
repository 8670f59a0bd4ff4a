import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUp } from '../test/api';

/**
 * §20's order for a number of 4 or more digits, read rank by rank through the pieces (cattle.queries.ts `rankedPage`,
 * shard migration 0010): 0 the ear tag is the number, 1 the ear tag holds it, 2 the 個体識別番号 holds it (the ear tag
 * does not), 3 only the name holds the term; by id within a rank, newest first unless sortOrder=asc. The same search
 * with has_alert=false (none of these animals has an alert) is still answered the other way — every match read,
 * ranked and sorted — so the two must page through the same animals in the same order with the same count.
 */
type Session = Awaited<ReturnType<typeof signUp>>;
type Row = { name: string; cattleId: number };

let owner: Session;
let neighbour: Session;

async function register(session: Session, cow: Record<string, unknown>) {
  const body = { gender: '雌', growthStage: 'MULTI_PAROUS', birthday: '2020-04-01', breed: '黒毛和種', ...cow };
  const res = await api('/cattle', { method: 'POST', token: session.token, body });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${res.text}`);
  return res.json.data.cattleId as number;
}

/** Every page of a search, `limit` at a time: the names in order and the count each page gave. */
async function pageThrough(query: string, limit: number, session = owner) {
  const names: string[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const res = await api(`/cattle?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, {
      token: session.token,
    });
    expect(res.status).toBe(200);
    names.push(...res.json.data.results.map((r: Row) => r.name));
    totals.add(res.json.data.totalCount);
    cursor = res.json.data.nextCursor;
    expect(res.json.data.hasNext).toBe(cursor !== null);
    if (!cursor) break;
  }
  return { names, totals: [...totals] };
}

beforeAll(async () => {
  owner = await signUp({ name: '北牧場' });
  neighbour = await signUp({ name: '南牧場' });
  // In the order registered (ids ascending).
  await register(owner, { name: '耳標A', identificationNumber: '1234501075', earTagNumber: '0107' });
  await register(owner, { name: 'ID-D', identificationNumber: '9010700002', earTagNumber: '0108' });
  await register(owner, { name: '耳標B', identificationNumber: '5555555551', earTagNumber: '0107' });
  // Its ear tag and its ID hold 0107: rank 1, once.
  await register(owner, { name: '耳標を含むC', identificationNumber: '9010700001', earTagNumber: '20107' });
  // No ear tag (a registration implies one from the ID; the edit takes it away).
  const untagged = await register(owner, { name: 'ID-E', identificationNumber: '9010700003', gender: '去勢' });
  const untag = await api(`/cattle/${untagged}`, { method: 'PATCH', token: owner.token, body: { earTagNumber: null } });
  expect(untag.json.data.earTagNumber).toBeNull();
  // Only its name: rank 3.
  await register(owner, { name: '名前0107号', identificationNumber: '7777777771', earTagNumber: null });
  // Its ID and its name: rank 2.
  await register(owner, { name: '0107', identificationNumber: '9010700004', earTagNumber: '0109' });
  await register(owner, {
    name: 'ID-I',
    identificationNumber: '9010700005',
    earTagNumber: '0110',
    gender: '去勢',
    status: 'SHIPPED',
  });
  await register(owner, { name: '無関係', identificationNumber: '8888888881', earTagNumber: '0999' });
  await register(neighbour, { name: 'よそ', identificationNumber: '9010700006', earTagNumber: '0107' });
});

describe('search by a number of 4 or more digits, rank by rank (§20)', () => {
  const newestFirst = ['耳標B', '耳標A', '耳標を含むC', 'ID-I', '0107', 'ID-E', 'ID-D', '名前0107号'];
  const oldestFirst = ['耳標A', '耳標B', '耳標を含むC', 'ID-D', 'ID-E', '0107', 'ID-I', '名前0107号'];

  it.each([1, 2, 3, 20])(
    'pages best match first, newest first in a rank, %i at a time, counting all',
    async (limit) => {
      expect(await pageThrough('search=0107', limit)).toEqual({ names: newestFirst, totals: [8] });
      expect(await pageThrough('search=0107&has_alert=false', limit)).toEqual({ names: newestFirst, totals: [8] });
    },
  );

  it.each([1, 3])('pages oldest first in a rank with sortOrder=asc, %i at a time', async (limit) => {
    expect(await pageThrough('search=0107&sortOrder=asc', limit)).toEqual({ names: oldestFirst, totals: [8] });
    expect(await pageThrough('search=0107&sortOrder=asc&has_alert=false', limit)).toEqual({
      names: oldestFirst,
      totals: [8],
    });
  });

  it('reads longer numbers and numbers typed with a hyphen or in full width the same way', async () => {
    // 10700 is in the five 9010700… IDs and no ear tag.
    const longer = ['ID-I', '0107', 'ID-E', '耳標を含むC', 'ID-D'];
    expect(await pageThrough('search=10700', 2)).toEqual({ names: longer, totals: [5] });
    expect(await pageThrough('search=10700&has_alert=false', 2)).toEqual({ names: longer, totals: [5] });
    // The numbers match the digits; the name matches the term as typed, so 名前0107号 is not found by 01-07.
    const hyphen = newestFirst.filter((n) => n !== '名前0107号');
    expect(await pageThrough('search=01-07', 2)).toEqual({ names: hyphen, totals: [7] });
    expect(await pageThrough('search=01-07&has_alert=false', 2)).toEqual({ names: hyphen, totals: [7] });
    expect(await pageThrough(`search=${encodeURIComponent('０１０７')}`, 3)).toEqual({
      names: newestFirst,
      totals: [8],
    });
  });

  it('ranks an animal without an ear tag by its other numbers (no ear tag is not a mismatch that hides it)', async () => {
    const res = await api('/cattle?search=9010700003', { token: owner.token });
    expect(res.json.data.results.map((r: Row & { earTagNumber: string | null }) => [r.name, r.earTagNumber])).toEqual([
      ['ID-E', null],
    ]);
  });

  it('applies the other filters to every rank', async () => {
    expect(await pageThrough('search=0107&gender=去勢', 1)).toEqual({ names: ['ID-I', 'ID-E'], totals: [2] });
    expect(await pageThrough('search=0107&status=SHIPPED', 1)).toEqual({ names: ['ID-I'], totals: [1] });
    expect(await pageThrough('search=0107&status=HEALTHY&gender=雌', 3)).toEqual({
      names: ['耳標B', '耳標A', '耳標を含むC', '0107', 'ID-D', '名前0107号'],
      totals: [6],
    });
  });

  it('keeps to the farm asked for: another farm’s animals with the same number never appear', async () => {
    expect(await pageThrough('search=0107', 20, neighbour)).toEqual({ names: ['よそ'], totals: [1] });
    expect(await pageThrough('search=9999', 20)).toEqual({ names: [], totals: [0] });
  });

  it('answers an empty last page for a cursor past the last rank, and 400 for a cursor that is not one', async () => {
    const beyond = Buffer.from(JSON.stringify({ v: 4, id: 1 })).toString('base64url');
    const res = await api(`/cattle?search=0107&cursor=${beyond}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ results: [], hasNext: false, nextCursor: null, totalCount: 8 });
    const bad = await api('/cattle?search=0107&cursor=not-a-cursor', { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ message: 'カーソルが不正です', field: 'cursor' });
  });

  it('needs a token', async () => {
    const res = await api('/cattle?search=0107');
    expect(res.status).toBe(401);
  });
});
