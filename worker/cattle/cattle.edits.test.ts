import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import { utf8 } from '../imports/fixtures/files';
import { api, signUp } from '../test/api';

/**
 * Issue 46's herd-book rules (docs/product.md §5, turn 4) through the Worker with a real local D1: an edit changes only
 * what it names; a living animal given another living animal's ear tag is told so; parity may be unknown and is never
 * invented.
 */
type Session = Awaited<ReturnType<typeof signUp>>;
let farmer: Session;
let neighbour: Session;
let nextId = 1_460_000_000;

const post = (session: Session, body: Record<string, unknown>) =>
  api('/cattle', { method: 'POST', token: session.token, body });
const patch = (session: Session, id: number, body: Record<string, unknown>) =>
  api(`/cattle/${id}`, { method: 'PATCH', token: session.token, body });
const detail = async (session: Session, id: number) => (await api(`/cattle/${id}`, { token: session.token })).json.data;

async function register(session: Session, fields: Record<string, unknown>) {
  const res = await post(session, {
    name: 'うし',
    identificationNumber: String(++nextId),
    gender: '雌',
    growthStage: 'GROWING',
    birthday: '2019-04-01',
    breed: '黒毛和種',
    ...fields,
  });
  expect(res.status, res.text).toBe(201);
  return res.json.data as { cattleId: number; identificationNumber: string };
}

const at = (date: string) => new Date(`${date}T08:00:00+09:00`).toISOString();
async function calving(session: Session, cattleId: number, date: string) {
  const res = await api('/events', {
    method: 'POST',
    token: session.token,
    body: { cattleId, eventType: 'CALVING', eventDatetime: at(date) },
  });
  expect(res.status, res.text).toBe(201);
}
const parityOf = async (session: Session, id: number) => (await detail(session, id)).breedingStatus.parity;

beforeAll(async () => {
  farmer = await signUp({ name: '北 太郎' });
  neighbour = await signUp({ name: '南 花子' });
});

describe('PATCH /cattle/{id}: an edit changes only what it names (§5)', () => {
  let dam: { cattleId: number; identificationNumber: string };
  let calf: { cattleId: number };
  beforeAll(async () => {
    dam = await register(farmer, { name: 'はなこ', growthStage: 'MULTI_PAROUS', breeding: { parity: 3 } });
    calf = await register(farmer, {
      name: 'こはな',
      growthStage: 'CALF',
      birthday: addDays(todayJst(), -40),
      notes: '人工哺乳',
      barn: '子牛舎',
      bloodline: {
        fatherCattleName: '安福久',
        motherFatherCattleName: '美国桜',
        motherGrandFatherCattleName: '平茂勝',
        motherGreatGrandFatherCattleName: '紋次郎',
      },
      motherInfo: { motherCattleId: dam.cattleId, motherName: 'はなこ', motherScore: 4 },
      breeding: { breedingMemo: '離乳前' },
    });
  });

  it('a rename keeps the dam link, the bloodline, notes and memo; the calf stays in her 子牛 list', async () => {
    const res = await patch(farmer, calf.cattleId, { name: 'こはる' });
    expect(res.status, res.text).toBe(200);
    const after = res.json.data;
    expect(after.name).toBe('こはる');
    expect(after.motherInfo).toMatchObject({ motherCattleId: dam.cattleId, motherName: 'はなこ', motherScore: 4 });
    expect(after.bloodline).toMatchObject({
      fatherCattleName: '安福久',
      motherFatherCattleName: '美国桜',
      motherGrandFatherCattleName: '平茂勝',
      motherGreatGrandFatherCattleName: '紋次郎',
    });
    expect(after).toMatchObject({ notes: '人工哺乳', barn: '子牛舎', growthStage: 'CALF' });
    expect(after.breedingStatus.breedingMemo).toBe('離乳前');
    expect((await detail(farmer, dam.cattleId)).calves.map((c: { cattleId: number }) => c.cattleId)).toContain(
      calf.cattleId,
    );
    // The change history names the one field changed, never the dam.
    const audit = await api(`/audit?entity=cattle&entityId=${calf.cattleId}`, { token: farmer.token });
    expect(audit.json.data[0].changes).toEqual([{ field: 'name', label: '名前', before: 'こはな', after: 'こはる' }]);
  });

  it('a partial bloodline changes the names it carries and keeps the rest', async () => {
    const res = await patch(farmer, calf.cattleId, { bloodline: { fatherCattleName: '福之姫' } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.bloodline).toMatchObject({
      fatherCattleName: '福之姫',
      motherFatherCattleName: '美国桜',
      motherGrandFatherCattleName: '平茂勝',
      motherGreatGrandFatherCattleName: '紋次郎',
    });
  });

  it('a partial motherInfo keeps the dam link; a null in it clears only that field', async () => {
    const res = await patch(farmer, calf.cattleId, { motherInfo: { motherScore: null } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.motherInfo).toMatchObject({
      motherCattleId: dam.cattleId,
      motherName: 'はなこ',
      motherScore: null,
    });
    // Clearing the link is said, and only then is it cut.
    const cut = await patch(farmer, calf.cattleId, { motherInfo: { motherCattleId: null } });
    expect(cut.json.data.motherInfo).toMatchObject({ motherCattleId: null, motherName: 'はなこ' });
    expect((await detail(farmer, dam.cattleId)).calves).toEqual([]);
  });

  it("an empty PATCH changes nothing; another farm's animal is 404, no token 401", async () => {
    const before = await detail(farmer, dam.cattleId);
    const res = await patch(farmer, dam.cattleId, {});
    expect(res.status).toBe(200);
    expect({ ...res.json.data, updatedAt: null, version: null }).toMatchObject({
      name: before.name,
      breedingStatus: { parity: 3, initialParity: 3 },
    });
    expect((await patch(neighbour, dam.cattleId, { name: 'x' })).status).toBe(404);
    expect((await api(`/cattle/${dam.cattleId}`, { method: 'PATCH', body: { name: 'x' } })).status).toBe(401);
  });
});

describe('ear-tag warnings (§5)', () => {
  let shiori: { cattleId: number };
  beforeAll(async () => {
    shiori = await register(farmer, { name: 'しおり', earTagNumber: '0381' });
  });

  it('a create giving a living animal the tag of another answers 201 with one warning naming her', async () => {
    const res = await post(farmer, {
      name: 'みどり',
      identificationNumber: String(++nextId),
      earTagNumber: '0381',
      gender: '雌',
      growthStage: 'GROWING',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.warnings).toEqual(['耳標0381の牛がほかにいます（しおり）']);
    expect(res.json.data.earTagNumber).toBe('0381');
  });

  it('two others with the tag → two warnings; an unnamed one is named by her 個体識別番号', async () => {
    // An unnamed animal comes in from a herd book (a form always asks for the name).
    const unnamed = String(++nextId);
    const imported = await api('/imports/cattle?dryRun=false', {
      method: 'POST',
      token: farmer.token,
      body: utf8(`個体識別番号,耳標番号,性別,生年月日\n${unnamed},0555,雌,2024-12-01`),
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(imported.status, imported.text).toBe(200);
    await register(farmer, { name: 'さくら', earTagNumber: '0555' });
    const res = await post(farmer, {
      name: 'もも',
      identificationNumber: String(++nextId),
      earTagNumber: '0555',
      gender: '雌',
      growthStage: 'GROWING',
    });
    expect(res.json.warnings).toEqual([
      `耳標0555の牛がほかにいます（${unnamed}）`,
      '耳標0555の牛がほかにいます（さくら）',
    ]);
  });

  it('a PATCH giving the tag warns (200); the animal alone with its tag, or renamed, has none', async () => {
    const other = await register(farmer, { name: 'ゆき', earTagNumber: '0999' });
    const alone = await patch(farmer, other.cattleId, { earTagNumber: '0998' });
    expect(alone.json.warnings).toEqual([]);
    const res = await patch(farmer, other.cattleId, { earTagNumber: '0381' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.warnings).toEqual(['耳標0381の牛がほかにいます（しおり）', '耳標0381の牛がほかにいます（みどり）']);
    // Its own tag again is no clash with itself; a rename says nothing of a tag it did not touch.
    expect((await patch(farmer, shiori.cattleId, { earTagNumber: '0381' })).json.warnings).toHaveLength(2);
    expect((await patch(farmer, other.cattleId, { name: 'ゆきこ' })).json.warnings).toEqual([]);
  });

  it('no warning against a dead or shipped animal, nor for one that is itself dead', async () => {
    const dead = await register(farmer, { name: 'くろ', earTagNumber: '0777', status: 'DEAD' });
    const shipped = await register(farmer, { name: 'しろ', earTagNumber: '0777' });
    await api(`/cattle/${shipped.cattleId}/status`, {
      method: 'PATCH',
      token: farmer.token,
      body: { status: 'SHIPPED' },
    });
    const res = await post(farmer, {
      name: 'あお',
      identificationNumber: String(++nextId),
      earTagNumber: '0777',
      gender: '雌',
      growthStage: 'GROWING',
    });
    expect(res.json.warnings).toEqual([]);
    expect((await patch(farmer, dead.cattleId, { earTagNumber: '0777' })).json.warnings).toEqual([]);
  });

  it("another farm's animal with the tag is no clash", async () => {
    const res = await post(neighbour, {
      name: 'となり',
      identificationNumber: String(++nextId),
      earTagNumber: '0381',
      gender: '雌',
      growthStage: 'GROWING',
    });
    expect(res.json.warnings).toEqual([]);
  });
});

describe('parity may be unknown (§5)', () => {
  it('a 経産牛 registered without a parity is unknown (null), never 0; a heifer is 0', async () => {
    const cow = await register(farmer, { growthStage: 'MULTI_PAROUS' });
    expect((await detail(farmer, cow.cattleId)).breedingStatus).toMatchObject({ parity: null, initialParity: null });
    const heifer = await register(farmer, { growthStage: 'GROWING' });
    expect(await parityOf(farmer, heifer.cattleId)).toBe(0);
    const list = await api(`/cattle?search=${cow.identificationNumber}`, { token: farmer.token });
    expect(list.json.data.results[0].breeding.parity).toBeNull();
  });

  it('from unknown: a calving → still unknown; PATCH parity 3 → 3; a calving → 3 + 1 = 4', async () => {
    const cow = await register(farmer, { growthStage: 'MULTI_PAROUS', birthday: '2018-04-01' });
    await calving(farmer, cow.cattleId, '2025-03-01');
    expect(await parityOf(farmer, cow.cattleId)).toBeNull();
    const res = await patch(farmer, cow.cattleId, { parity: 3 });
    expect(res.status, res.text).toBe(200);
    // 3 including the calving on record: registered 3 − 1 = 2.
    expect(res.json.data.breedingStatus).toMatchObject({ parity: 3, initialParity: 2 });
    await calving(farmer, cow.cattleId, '2026-03-10');
    expect(await parityOf(farmer, cow.cattleId)).toBe(4);
    expect((await detail(farmer, cow.cattleId)).growthStage).toBe('MULTI_PAROUS');
  });

  it('from known: registered 2 → a calving → 2 + 1 = 3; a heifer 0 → her first calving → 1, 初産', async () => {
    const cow = await register(farmer, { growthStage: 'MULTI_PAROUS', breeding: { parity: 2 } });
    await calving(farmer, cow.cattleId, '2026-02-01');
    expect(await parityOf(farmer, cow.cattleId)).toBe(3);
    const heifer = await register(farmer, { growthStage: 'GROWING', birthday: '2023-04-01' });
    await calving(farmer, heifer.cattleId, '2026-02-01');
    const after = await detail(farmer, heifer.cattleId);
    expect(after.breedingStatus.parity).toBe(1);
    expect(after.growthStage).toBe('FIRST_CALVED');
  });

  it('refuses a parity below the calvings on record, or not a count, with the field and message', async () => {
    const cow = await register(farmer, { growthStage: 'MULTI_PAROUS', breeding: { parity: 0 } });
    await calving(farmer, cow.cattleId, '2024-02-01');
    await calving(farmer, cow.cattleId, '2025-03-01');
    const low = await patch(farmer, cow.cattleId, { parity: 1 });
    expect(low.status).toBe(400);
    expect(low.json.error).toMatchObject({
      field: 'parity',
      message: '産次は記録にある分娩の回数（2回）以上にしてください',
    });
    const bad = await patch(farmer, cow.cattleId, { parity: -1 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('産次は0以上の整数である必要があります');
    expect(await parityOf(farmer, cow.cattleId)).toBe(2);
    expect((await patch(neighbour, cow.cattleId, { parity: 5 })).status).toBe(404);
  });

  it('an import with 最終分娩日 but no 産次 leaves parity unknown; with 産次 4 it is 4 (registered 4 − 1 = 3)', async () => {
    const [a, b, c] = [++nextId, ++nextId, ++nextId].map(String);
    const calved = addDays(todayJst(), -100);
    const file = [
      '個体識別番号,名号,性別,生年月日,最終分娩日,産次',
      `${a},うめ,雌,2018-04-01,${calved},`,
      `${b},きく,雌,2018-04-01,${calved},4`,
      `${c},すず,雌,2025-01-01,,`,
    ].join('\n');
    const res = await api('/imports/cattle?dryRun=false', {
      method: 'POST',
      token: farmer.token,
      body: utf8(file),
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(res.status, res.text).toBe(200);
    const parityOfId = async (id: string) => {
      const list = await api(`/cattle?search=${id}`, { token: farmer.token });
      return (await detail(farmer, list.json.data.results[0].cattleId)).breedingStatus;
    };
    expect(await parityOfId(a)).toMatchObject({ parity: null, initialParity: null });
    expect(await parityOfId(b)).toMatchObject({ parity: 4, initialParity: 3 });
    // A heifer of 22 months with no calving: 0.
    expect(await parityOfId(c)).toMatchObject({ parity: 0, initialParity: 0 });
    // A later file with her 産次 makes the unknown one known: 5 with the one calving on record → registered 4.
    const later = ['個体識別番号,産次', `${a},5`].join('\n');
    const again = await api('/imports/cattle?dryRun=false', {
      method: 'POST',
      token: farmer.token,
      body: utf8(later),
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(again.status, again.text).toBe(200);
    expect(await parityOfId(a)).toMatchObject({ parity: 5, initialParity: 4 });
  });
});
