import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUp } from '../test/api';
import { shardName } from '../test/shards';
import { readXlsx } from '../test/xlsx';

type Session = Awaited<ReturnType<typeof signUp>>;
let vet: Session;
let client: Session;
let viewer: Session;
let stranger: Session;
let vetCow: number;
let clientCow: number;
let aiEventId: number;
let clientAiId: number;
let calvingId: number;
let sameNameAiId: number;

const onFarm = (farmId: number) => ({ 'X-Farm-Id': String(farmId) });

async function animal(session: Session, farmId: number, body: Record<string, unknown>) {
  const res = await api('/cattle', {
    method: 'POST',
    token: session.token,
    headers: onFarm(farmId),
    body: { gender: '雌', growthStage: 'MULTI_PAROUS', ...body },
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${res.text}`);
  return res.json.data.cattleId as number;
}

async function event(session: Session, farmId: number, body: Record<string, unknown>) {
  const res = await api('/events', { method: 'POST', token: session.token, headers: onFarm(farmId), body });
  if (res.status !== 201) throw new Error(`event failed ${res.status} ${res.text}`);
  return res.json.data.eventId as number;
}

beforeAll(async () => {
  // Signed up one after the other, the two farms land on different shards (the one with fewer farms).
  vet = await signUp({ name: '授精 師男' });
  client = await signUp({ name: '依頼 農家' });
  viewer = await signUp({ name: '見る人' });
  stranger = await signUp({ name: '他人' });
  await env.DB.prepare("INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, 'staff'), (?, ?, 'viewer')")
    .bind(client.farmId, vet.userId, vet.farmId, viewer.userId)
    .run();
  await api(`/farms/${vet.farmId}`, { method: 'PATCH', token: vet.token, body: { farmerCode: '0100000001' } });
  const licence = await api('/users/me', {
    method: 'PATCH',
    token: vet.token,
    body: { inseminatorLicense: ' 北海道 第1234号 ' },
  });
  expect(licence.status).toBe(200);
  expect(licence.json.data.inseminatorLicense).toBe('北海道 第1234号');

  vetCow = await animal(vet, vet.farmId, {
    identificationNumber: '0123456785',
    earTagNumber: '6785',
    name: 'ゆり',
    breed: '黒毛和種',
    birthday: '2021-04-01',
  });
  clientCow = await animal(vet, client.farmId, {
    identificationNumber: '1490000001',
    name: 'はな',
    breed: 'ホルスタイン',
    birthday: '2022-05-05',
  });
  // 2026-05-01 23:00 JST: the service day is the 1st.
  aiEventId = await event(vet, vet.farmId, {
    cattleId: vetCow,
    eventType: 'INSEMINATION',
    eventDatetime: '2026-05-01T23:00:00+09:00',
    details: { method: 'AI', sireName: '安福久', semenLot: 'L-2026-01' },
  });
  clientAiId = await event(vet, client.farmId, {
    cattleId: clientCow,
    eventType: 'INSEMINATION',
    eventDatetime: '2026-04-10T09:00:00+09:00',
    details: { method: 'AI', sireName: 'ホル種', technician: '代理 授精師' },
  });
  // Recorded by the farmer, not the vet: not in the vet's register.
  await event(client, client.farmId, {
    cattleId: clientCow,
    eventType: 'PREGNANCY_CHECK',
    eventDatetime: '2026-05-20T09:00:00+09:00',
    details: { result: 'PREGNANT' },
  });
  // The vet's own name '授精 師男' written without its space: the vet, so the vet's licence.
  sameNameAiId = await event(vet, vet.farmId, {
    cattleId: vetCow,
    eventType: 'INSEMINATION',
    eventDatetime: '2026-06-01T09:00:00+09:00',
    details: { method: 'AI', sireName: '安福久', technician: '授精師男' },
  });
  calvingId = await event(vet, vet.farmId, {
    cattleId: await animal(vet, vet.farmId, {
      identificationNumber: '1490000002',
      name: 'もも',
      birthday: '2020-01-01',
    }),
    eventType: 'CALVING',
    eventDatetime: '2026-05-02T09:00:00+09:00',
    details: { calves: [{ gender: '雌' }] },
  });
});

describe('users/me inseminatorLicense', () => {
  it('is carried by GET /users/me, limited to 40 characters, and cleared by null', async () => {
    expect((await api('/users/me', { token: vet.token })).json.data.inseminatorLicense).toBe('北海道 第1234号');
    const long = await api('/users/me', {
      method: 'PATCH',
      token: viewer.token,
      body: { inseminatorLicense: 'x'.repeat(41) },
    });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.json)).toContain('免許番号は40文字以下で入力してください');
    expect((await api('/users/me', { method: 'PATCH', body: { inseminatorLicense: 'x' } })).status).toBe(401);
    const cleared = await api('/users/me', {
      method: 'PATCH',
      token: viewer.token,
      body: { inseminatorLicense: null },
    });
    expect(cleared.json.data.inseminatorLicense).toBeNull();
  });
});

describe('GET /events/{id}/certificate', () => {
  it('answers the certificate of an insemination: farm, cow, service, technician and licence', async () => {
    const res = await api(`/events/${aiEventId}/certificate`, { token: viewer.token, headers: onFarm(vet.farmId) });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      eventId: aiEventId,
      farm: { name: '授精 師男の牧場', farmerCode: '0100000001' },
      cow: {
        identificationNumber: '0123456785',
        name: 'ゆり',
        earTagNumber: '6785',
        breed: '黒毛和種',
        birthday: '2021-04-01',
      },
      serviceDate: '2026-05-01',
      method: 'AI',
      sireName: '安福久',
      semenLot: 'L-2026-01',
      embryoId: null,
      technician: { name: '授精 師男', license: '北海道 第1234号' },
    });
  });

  it('names the technician of the details over the recorder, and never pairs another name with the licence', async () => {
    const res = await api(`/events/${clientAiId}/certificate`, { token: client.token });
    // '代理 授精師' is not the recorder '授精 師男': no licence (it printed the vet's 北海道 第1234号).
    expect(res.json.data.technician).toEqual({ name: '代理 授精師', license: null });
    expect(res.json.data.farm.farmerCode).toBeNull();
  });

  it('keeps the licence when the technician is the recorder’s own name with other spacing or width', async () => {
    const res = await api(`/events/${sameNameAiId}/certificate`, { token: vet.token });
    // '授精師男' = the recorder's '授精 師男' with its space removed (a full-width space is NFKC'd to one on input).
    expect(res.json.data.technician).toEqual({ name: '授精師男', license: '北海道 第1234号' });
  });

  it('answers 400 for another type, 404 for another farm’s or a missing event, 401 without a session', async () => {
    const calving = await api(`/events/${calvingId}/certificate`, { token: vet.token });
    expect(calving.status).toBe(400);
    expect(calving.json.error.message).toBe('授精証明書は授精の記録にだけ発行できます');
    expect((await api(`/events/${aiEventId}/certificate`, { token: stranger.token })).status).toBe(404);
    expect((await api('/events/999999999/certificate', { token: vet.token })).status).toBe(404);
    expect((await api(`/events/${aiEventId}/certificate`)).status).toBe(401);
    expect((await api('/events/abc/certificate', { token: vet.token })).status).toBe(400);
  });
});

describe('GET /inseminations/register', () => {
  it('lists every insemination the caller recorded on any of their farms, oldest first, across shards', async () => {
    expect(await shardName(vet.farmId)).not.toBe(await shardName(client.farmId));
    const res = await api('/inseminations/register', { token: vet.token });
    expect(res.status).toBe(200);
    expect(res.json.data.map((r: any) => [r.farmId, r.eventId, r.serviceDate])).toEqual([
      [client.farmId, clientAiId, '2026-04-10'],
      [vet.farmId, aiEventId, '2026-05-01'],
      [vet.farmId, sameNameAiId, '2026-06-01'],
    ]);
    // The certificate's rule: the licence beside the vet's own name only, not beside '代理 授精師'.
    expect(res.json.data.map((r: any) => r.technician)).toEqual([
      { name: '代理 授精師', license: null },
      { name: '授精 師男', license: '北海道 第1234号' },
      { name: '授精師男', license: '北海道 第1234号' },
    ]);
    expect(res.json.data[0].farm).toEqual({ name: '依頼 農家の牧場', farmerCode: null });
    // The farmer recorded none.
    expect((await api('/inseminations/register', { token: client.token })).json.data).toEqual([]);
  });

  it('takes a period of JST days, both ends included', async () => {
    const may = await api('/inseminations/register?from=2026-05-01&to=2026-05-01', { token: vet.token });
    expect(may.json.data.map((r: any) => r.eventId)).toEqual([aiEventId]);
    const bad = await api('/inseminations/register?from=2026-05-02&to=2026-05-01', { token: vet.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('終了日は開始日以降にしてください');
    expect((await api('/inseminations/register?format=pdf', { token: vet.token })).status).toBe(400);
    expect((await api('/inseminations/register')).status).toBe(401);
  });

  it('downloads as CSV (BOM, CRLF, Japanese headers) and as .xlsx with the ID as text', async () => {
    const csv = await api('/inseminations/register?format=csv', { token: vet.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    const lines = csv.text.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '授精日,牧場,農家コード,個体識別番号,耳標番号,名号,品種,生年月日,授精方法,種雄牛,精液ロット,受精卵番号,授精師,免許番号',
    );
    expect(lines[1]).toBe(
      '2026-04-10,依頼 農家の牧場,,1490000001,0000,はな,ホルスタイン,2022-05-05,人工授精,ホル種,,,代理 授精師,',
    );
    expect(lines[2]).toBe(
      '2026-05-01,授精 師男の牧場,0100000001,0123456785,6785,ゆり,黒毛和種,2021-04-01,人工授精,安福久,L-2026-01,,授精 師男,北海道 第1234号',
    );
    const xlsx = await api('/inseminations/register?format=xlsx', { token: vet.token });
    expect(xlsx.status).toBe(200);
    const { cells } = readXlsx(xlsx.bytes);
    expect(cells.get('D3')).toMatchObject({ type: 'inlineStr', value: '0123456785' });
    expect(cells.get('A1')?.value).toBe('授精日');
  });
});
