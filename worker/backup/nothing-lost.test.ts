import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDawnFarm } from '../dawn/daily';
import { addDays, todayJst } from '../domain/calendar';
import { NLBC_SAMPLE, utf8 } from '../imports/fixtures/files';
import { api, signUp, testEnv } from '../test/api';
import { shardOf } from '../test/shards';
import { DERIVED_PER_ANIMAL, TRASHED_WITH_ANIMAL, tableName } from '../trash/trash.statements';

type Member = Awaited<ReturnType<typeof signUp>>;

async function join(farmId: number, user: Member, role: 'owner' | 'staff' | 'viewer') {
  await env.DB.prepare('INSERT INTO farm_members (farm_id, user_id, role) VALUES (?, ?, ?)')
    .bind(farmId, user.userId, role)
    .run();
}
const as = (user: Member, farmId: number) => ({ token: user.token, headers: { 'X-Farm-Id': String(farmId) } });
const at = (date: string) => new Date(`${date}T08:00:00+09:00`).toISOString();

let n = 0;
/** A fresh valid-looking 10-digit 個体識別番号 per call (the API checks the format, not the check digit). */
const idNumber = () => String(1777700000 + (Date.now() % 10_000) * 10 + (++n % 10));

async function cow(user: Member, farmId: number, body: Record<string, unknown> = {}) {
  const res = await api('/cattle', {
    method: 'POST',
    ...as(user, farmId),
    body: {
      name: 'ゆり',
      identificationNumber: idNumber(),
      gender: '雌',
      growthStage: 'MULTI_PAROUS',
      breed: '黒毛和種',
      ...body,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.data as { cattleId: number; identificationNumber: string; earTagNumber: string };
}

/** A row's changes as `{ label: [before, after] }`, the words the screen shows. */
const words = (row: { changes: { label: string; before: string | null; after: string | null }[] }) =>
  Object.fromEntries(row.changes.map((c) => [c.label, [c.before, c.after]]));

async function history(user: Member, farmId: number, query = '') {
  const res = await api(`/audit${query}`, as(user, farmId));
  expect(res.status, res.text).toBe(200);
  return res.json as { data: any[]; nextCursor: string | null };
}

describe('change history (GET /audit)', () => {
  let owner: Member;
  let staff: Member;
  let viewer: Member;
  let outsider: Member;
  beforeAll(async () => {
    owner = await signUp({ name: '北 太郎' });
    staff = await signUp({ name: '南 花子' });
    viewer = await signUp();
    outsider = await signUp();
    await join(owner.farmId, staff, 'staff');
    await join(owner.farmId, viewer, 'viewer');
  });

  it('records an animal created, edited, its status changed and deleted, with before and after, newest first', async () => {
    const { cattleId, earTagNumber: tag } = await cow(owner, owner.farmId, { name: 'さくら', birthday: '2024-04-01' });
    const edit = await api(`/cattle/${cattleId}`, {
      method: 'PATCH',
      ...as(staff, owner.farmId),
      body: { name: 'さくら二号', bloodline: { fatherCattleName: '安福久' } },
    });
    expect(edit.status, edit.text).toBe(200);
    const status = await api(`/cattle/${cattleId}/status`, {
      method: 'PATCH',
      ...as(owner, owner.farmId),
      body: { status: 'TREATING', reason: '発熱' },
    });
    expect(status.status, status.text).toBe(200);
    expect((await api(`/cattle/${cattleId}`, { method: 'DELETE', ...as(owner, owner.farmId) })).status).toBe(200);

    const rows = (await history(owner, owner.farmId, `?entity=cattle&entityId=${cattleId}`)).data;
    expect(rows.map((r) => [r.action, r.userName])).toEqual([
      ['delete', '北 太郎'],
      ['update', '北 太郎'],
      ['update', '南 花子'],
      ['create', '北 太郎'],
    ]);
    // In the farmer's words (§23, turn 4): the animal by tag and name, labels, enums and dates as the screens show them.
    expect(rows.map((r) => r.summary)).toEqual([
      `${tag} さくら二号：牛を削除（ゴミ箱へ）`,
      `${tag} さくら二号：状態を「健康」から「治療中」に変更`,
      `${tag} さくら二号：名前・父牛を変更`,
      `${tag} さくら二号：牛を登録`,
    ]);
    expect(words(rows[3])).toMatchObject({
      名前: [null, 'さくら'],
      性別: [null, '雌'],
      生年月日: [null, '2024/04/01'],
    });
    expect(words(rows[3]).成長段階).toEqual([null, '経産牛']);
    expect(words(rows[2])).toEqual({ 名前: ['さくら', 'さくら二号'], 父牛: [null, '安福久'] });
    expect(words(rows[1])).toEqual({ 状態: ['健康', '治療中'], 理由: [null, '発熱'] });
    expect(words(rows[0]).名前).toEqual(['さくら二号', null]);
    // English when the English screens ask.
    const en = (await history(owner, owner.farmId, `?entity=cattle&entityId=${cattleId}&lang=en`)).data;
    expect(en[1].summary).toBe(`${tag} さくら二号: Status changed from “Healthy” to “In treatment”`);
    expect(en[1].changes[0]).toEqual({ field: 'status', label: 'Status', before: 'Healthy', after: 'In treatment' });
    expect(rows.every((r) => r.entityId === String(cattleId))).toBe(true);
  });

  it('records an event recorded, corrected and deleted', async () => {
    const { cattleId, earTagNumber: tag } = await cow(owner, owner.farmId);
    const made = await api('/events', {
      method: 'POST',
      ...as(owner, owner.farmId),
      body: { cattleId, eventType: 'ESTRUS', eventDatetime: at('2026-11-01'), notes: '朝' },
    });
    expect(made.status, made.text).toBe(201);
    const eventId = made.json.data.eventId;
    const fixed = await api(`/events/${eventId}`, {
      method: 'PATCH',
      ...as(owner, owner.farmId),
      body: { notes: '夕方' },
    });
    expect(fixed.status, fixed.text).toBe(200);
    expect((await api(`/events/${eventId}`, { method: 'DELETE', ...as(owner, owner.farmId) })).status).toBe(204);
    const rows = (await history(owner, owner.farmId, `?entity=event&entityId=${eventId}`)).data;
    expect(rows.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(rows.map((r) => r.summary)).toEqual([
      `${tag} ゆり：発情の記録を削除（ゴミ箱へ）`,
      `${tag} ゆり：発情の記録を変更`,
      `${tag} ゆり：発情を記録`,
    ]);
    // 2026-11-01 08:00 JST is shown as the day and time in Japan, the animal by tag and name.
    expect(words(rows[2])).toEqual({
      牛: [null, `${tag} ゆり`],
      種類: [null, '発情'],
      日時: [null, '2026/11/01 08:00'],
      メモ: [null, '朝'],
    });
    expect(words(rows[1])).toEqual({ メモ: ['朝', '夕方'] });
    expect(words(rows[0])).toMatchObject({ 種類: ['発情', null], メモ: ['夕方', null] });
  });

  it('shows the owner every row, staff only their own, refuses a viewer, and pages newest first', async () => {
    await cow(staff, owner.farmId, { name: 'スタッフ牛' });
    const all = (await history(owner, owner.farmId)).data;
    expect(new Set(all.map((r) => r.userId))).toEqual(new Set([owner.userId, staff.userId]));
    const own = (await history(staff, owner.farmId)).data;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.userId === staff.userId)).toBe(true);
    const refused = await api('/audit', as(viewer, owner.farmId));
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe('この操作を行う権限がありません');
    expect((await api('/audit', {})).status).toBe(401);
    // Another farm's rows are not there for its own owner to see, nor ours for them.
    expect((await history(outsider, outsider.farmId)).data).toEqual([]);
    expect((await api('/audit', as(outsider, owner.farmId))).status).toBe(403);

    const first = await history(owner, owner.farmId, '?limit=2');
    expect(first.data).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await history(owner, owner.farmId, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.data[0].id).toBeLessThan(first.data[1].id);
    const ordered = [...first.data, ...second.data].map((r) => r.at);
    expect([...ordered].sort().reverse()).toEqual(ordered);
  });

  it('records shipments, plans, alerts, members, farm settings and imports, each with before and after', async () => {
    const o = as(owner, owner.farmId);
    const steer = await cow(owner, owner.farmId, { name: 'たろう', gender: '去勢', growthStage: 'FATTENING' });
    const plan = await api('/shipments/plans', {
      method: 'POST',
      ...o,
      body: { cattleId: steer.cattleId, plannedShipmentMonth: '2027-01' },
    });
    expect(plan.status, plan.text).toBe(201);
    const moved = await api(`/shipments/plans/${steer.cattleId}`, {
      method: 'PUT',
      ...o,
      body: { plannedShipmentMonth: '2027-02' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await api(`/shipments/plans/${steer.cattleId}`, { method: 'DELETE', ...o })).status).toBe(200);
    const planRows = (await history(owner, owner.farmId, `?entity=plan&entityId=${steer.cattleId}`)).data;
    expect(planRows.map((r) => [r.action, r.summary, words(r)])).toEqual([
      ['delete', `${steer.earTagNumber} たろう：出荷予定を取り消し`, {}],
      [
        'update',
        `${steer.earTagNumber} たろう：出荷予定月を「2027/01」から「2027/02」に変更`,
        { 出荷予定月: ['2027/01', '2027/02'] },
      ],
      ['create', `${steer.earTagNumber} たろう：出荷予定を登録（2027/01）`, { 出荷予定月: [null, '2027/01'] }],
    ]);

    const shipped = await api('/shipments', {
      method: 'POST',
      ...o,
      body: { cattleId: steer.cattleId, shipmentDate: '2026-11-01', price: 800000 },
    });
    expect(shipped.status, shipped.text).toBe(201);
    const shipmentId = shipped.json.data.shipmentId;
    const fixed = await api(`/shipments/${shipmentId}`, { method: 'PUT', ...o, body: { price: 820000 } });
    expect(fixed.status, fixed.text).toBe(200);
    expect((await api(`/shipments/${shipmentId}`, { method: 'DELETE', ...o })).status).toBe(200);
    const shipmentRows = (await history(owner, owner.farmId, `?entity=shipment&entityId=${shipmentId}`)).data;
    expect(shipmentRows.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(words(shipmentRows[1])).toEqual({ 価格: ['800,000円', '820,000円'] });
    expect(words(shipmentRows[2])).toMatchObject({
      牛: [null, `${steer.earTagNumber} たろう`],
      出荷日: [null, '2026/11/01'],
    });
    expect(words(shipmentRows[0]).価格).toEqual(['820,000円', null]);
    expect(shipmentRows.map((r) => r.summary)).toEqual([
      `${steer.earTagNumber} たろう：出荷の記録を削除`,
      `${steer.earTagNumber} たろう：出荷の価格を変更`,
      `${steer.earTagNumber} たろう：出荷を記録`,
    ]);

    const heifer = await cow(owner, owner.farmId, { name: 'はな', growthStage: 'CALF' });
    const alertId = `audit-alert-${heifer.cattleId}`;
    await (await shardOf(owner.farmId))
      .prepare(
        "INSERT INTO alerts (id, type, severity, cattle_id, message, farm_id, created_by) VALUES (?, 'CALVING_OVERDUE', 'high', ?, 'x', ?, ?)",
      )
      .bind(alertId, heifer.cattleId, owner.farmId, owner.userId)
      .run();
    const ack = await api(`/alerts/${alertId}/status`, {
      method: 'PUT',
      ...as(staff, owner.farmId),
      body: { status: 'acknowledged' },
    });
    expect(ack.status, ack.text).toBe(200);
    const memo = await api(`/alerts/${alertId}/memo`, { method: 'PUT', ...o, body: { memo: '獣医に連絡' } });
    expect(memo.status, memo.text).toBe(200);
    const alertRows = (await history(owner, owner.farmId, `?entity=alert&entityId=${alertId}`)).data;
    expect(alertRows.map((r) => [r.userName, r.summary, words(r)])).toEqual([
      [
        '北 太郎',
        `${heifer.earTagNumber} はな：アラート「分娩予定日超過」のメモを変更`,
        { メモ: [null, '獣医に連絡'] },
      ],
      [
        '南 花子',
        `${heifer.earTagNumber} はな：アラート「分娩予定日超過」を確認済みに`,
        { 状態: ['未対応', '確認済み'] },
      ],
    ]);

    const helper = await signUp();
    await join(owner.farmId, helper, 'viewer');
    const promoted = await api(`/farms/${owner.farmId}/members/${helper.userId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { role: 'staff' },
    });
    expect(promoted.status, promoted.text).toBe(200);
    expect(
      (await api(`/farms/${owner.farmId}/members/${helper.userId}`, { method: 'DELETE', token: owner.token })).status,
    ).toBe(200);
    const memberRows = (await history(owner, owner.farmId, `?entity=member&entityId=${helper.userId}`)).data;
    expect(memberRows.map((r) => [r.action, r.summary, words(r)])).toEqual([
      ['delete', `牧場 太郎をメンバーから外す`, { 役割: ['スタッフ', null] }],
      ['update', `牧場 太郎の役割を「閲覧のみ」から「スタッフ」に変更`, { 役割: ['閲覧のみ', 'スタッフ'] }],
    ]);

    const renamed = await api(`/farms/${owner.farmId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { name: '北の牧場' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const farmRows = (await history(owner, owner.farmId, '?entity=farm')).data;
    expect(farmRows[0]).toMatchObject({
      action: 'update',
      entityId: String(owner.farmId),
      summary: '牧場の名前を「北 太郎の牧場」から「北の牧場」に変更',
      changes: [{ field: 'name', label: '名前', before: '北 太郎の牧場', after: '北の牧場' }],
    });

    const imported = await api('/imports/cattle?dryRun=false', {
      method: 'POST',
      ...o,
      body: utf8(NLBC_SAMPLE),
      headers: { 'Content-Type': 'text/csv', 'X-Farm-Id': String(owner.farmId) },
    });
    expect(imported.status, imported.text).toBe(200);
    const importRows = (await history(owner, owner.farmId, '?entity=import')).data;
    expect(importRows).toHaveLength(1);
    const created = imported.json.data.summary.create;
    expect(importRows[0]).toMatchObject({ action: 'import' });
    expect(importRows[0].summary).toMatch(new RegExp(`^牛の一覧を取り込み（登録${created}頭・更新0頭・記録\\d+件）$`));
    expect(words(importRows[0]).登録した牛).toEqual([null, String(created)]);
  });

  it('records programmes, enrolments, tasks done and skipped, and filings marked, with before and after', async () => {
    const o = as(owner, owner.farmId);
    const today = todayJst();
    const heifer = await cow(owner, owner.farmId, { name: 'みどり' });
    const named = `${heifer.earTagNumber} みどり`;
    const created = await api('/programmes', {
      method: 'POST',
      ...o,
      body: {
        name: '試験プログラム',
        trigger: { kind: 'manual' },
        steps: [
          { day: 0, title: '観察' },
          { day: 1, title: '検温' },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    const programmeId = created.json.data.id;
    const renamed = await api(`/programmes/${programmeId}`, {
      method: 'PATCH',
      ...o,
      body: { name: '観察プログラム' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const enrol = await api(`/programmes/${programmeId}/enrol`, {
      method: 'POST',
      ...o,
      body: { cattleIds: [heifer.cattleId], startDate: today },
    });
    expect(enrol.status, enrol.text).toBe(201);
    // Enrolling again with the same start makes nothing, and records nothing.
    await api(`/programmes/${programmeId}/enrol`, {
      method: 'POST',
      ...o,
      body: { cattleIds: [heifer.cattleId], startDate: today },
    });
    const open = await api(`/tasks?status=open&limit=100`, o);
    const mine = open.json.data.filter((t: { programmeId: number }) => t.programmeId === programmeId);
    expect(mine).toHaveLength(2);
    expect(
      (await api(`/tasks/${mine[0].id}/done`, { method: 'POST', ...as(staff, owner.farmId), body: {} })).status,
    ).toBe(200);
    expect(
      (await api(`/tasks/${mine[1].id}/skip`, { method: 'POST', ...o, body: { reason: '不要になった' } })).status,
    ).toBe(200);
    expect((await api(`/programmes/${programmeId}`, { method: 'DELETE', ...o })).status).toBeLessThan(300);

    const programmeRows = (await history(owner, owner.farmId, `?entity=programme&entityId=${programmeId}`)).data;
    expect(programmeRows.map((r) => r.action)).toEqual(['delete', 'update', 'update', 'create']);
    expect(programmeRows.map((r) => r.summary)).toEqual([
      'プログラム「観察プログラム」を削除',
      `プログラム「観察プログラム」に登録：${named}`,
      'プログラム「観察プログラム」の名前を変更',
      'プログラム「試験プログラム」を作成',
    ]);
    expect(words(programmeRows[0]).名前).toEqual(['観察プログラム', null]);
    expect(words(programmeRows[1])).toEqual({ 登録: [null, `${named} / 開始日 ${today.replaceAll('-', '/')}`] });
    expect(words(programmeRows[2])).toEqual({ 名前: ['試験プログラム', '観察プログラム'] });
    expect(words(programmeRows[3]).手順).toEqual([null, '0日目 観察、1日目 検温']);
    const done = (await history(owner, owner.farmId, `?entity=task&entityId=${mine[0].id}`)).data;
    expect(done.map((r) => [r.userName, r.summary, words(r)])).toEqual([
      ['南 花子', `${named}：作業「観察」を完了`, { 状態: ['未完了', '完了'] }],
    ]);
    const skipped = (await history(owner, owner.farmId, `?entity=task&entityId=${mine[1].id}`)).data;
    expect(skipped.map((r) => [r.summary, words(r)])).toEqual([
      [`${named}：作業「検温」をスキップ`, { 状態: ['未完了', 'スキップ'], スキップの理由: [null, '不要になった'] }],
    ]);

    const arrival = await api('/events', {
      method: 'POST',
      ...o,
      body: { cattleId: heifer.cattleId, eventType: 'ARRIVAL', eventDatetime: today },
    });
    expect(arrival.status, arrival.text).toBe(201);
    const pending = await api('/filings?status=pending&kind=MOVE_IN&limit=100', o);
    const filing = pending.json.data.find((f: { cattleId: number }) => f.cattleId === heifer.cattleId);
    expect(filing).toBeTruthy();
    const marked = await api('/filings/mark', {
      method: 'POST',
      ...o,
      body: { ids: [filing.id], filed: true, filedAt: today, acceptMissing: true },
    });
    expect(marked.status, marked.text).toBe(200);
    const filingRows = (await history(owner, owner.farmId, `?entity=filing&entityId=${filing.id}`)).data;
    expect(filingRows.map((r) => [r.action, r.summary, words(r)])).toEqual([
      [
        'update',
        `届出：${named}の転入を届出済みに`,
        { 状態: ['未届出', '届出済み'], 届出日: [null, today.replaceAll('-', '/')] },
      ],
    ]);
  });

  it("gives an animal's whole story with ?cattleId=: her edits, events, tasks done, filings and shipments, each naming her", async () => {
    const o = as(owner, owner.farmId);
    const today = todayJst();
    const yuri = await cow(owner, owner.farmId, { name: 'ゆり' });
    const other = await cow(owner, owner.farmId, { name: 'ほか' });
    const ai = await api('/events', {
      method: 'POST',
      ...o,
      body: {
        cattleId: yuri.cattleId,
        eventType: 'INSEMINATION',
        eventDatetime: at(today),
        details: { method: 'AI', sireName: '安福久' },
      },
    });
    expect(ai.status, ai.text).toBe(201);
    await api('/events', {
      method: 'POST',
      ...o,
      body: { cattleId: other.cattleId, eventType: 'ESTRUS', eventDatetime: at(today) },
    });
    const programme = await api('/programmes', {
      method: 'POST',
      ...o,
      body: { name: '物語', trigger: { kind: 'manual' }, steps: [{ day: 0, title: '観察' }] },
    });
    const enrol = await api(`/programmes/${programme.json.data.id}/enrol`, {
      method: 'POST',
      ...o,
      body: { cattleIds: [yuri.cattleId], startDate: today },
    });
    expect(enrol.status, enrol.text).toBe(201);
    const tasks = await api('/tasks?status=open&limit=100', o);
    const task = tasks.json.data.find((t: { cattleId: number }) => t.cattleId === yuri.cattleId);
    expect((await api(`/tasks/${task.id}/done`, { method: 'POST', ...o, body: {} })).status).toBe(200);
    const arrival = await api('/events', {
      method: 'POST',
      ...o,
      body: { cattleId: yuri.cattleId, eventType: 'ARRIVAL', eventDatetime: today },
    });
    expect(arrival.status, arrival.text).toBe(201);
    const pending = await api('/filings?status=pending&kind=MOVE_IN&limit=100', o);
    const filing = pending.json.data.find((f: { cattleId: number }) => f.cattleId === yuri.cattleId);
    const mark = { ids: [filing.id], filed: true, filedAt: today, acceptMissing: true };
    expect((await api('/filings/mark', { method: 'POST', ...o, body: mark })).status).toBe(200);
    const renamed = await api(`/cattle/${yuri.cattleId}`, { method: 'PATCH', ...o, body: { name: 'ゆりこ' } });
    expect(renamed.status, renamed.text).toBe(200);

    const story = (await history(owner, owner.farmId, `?cattleId=${yuri.cattleId}`)).data;
    const renamedAs = `${yuri.earTagNumber} ゆりこ`;
    expect(story.map((r) => r.summary)).toEqual([
      `${renamedAs}：名前を「ゆり」から「ゆりこ」に変更`,
      `届出：${renamedAs}の転入を届出済みに`,
      `${renamedAs}：導入を記録`,
      `${renamedAs}：作業「観察」を完了`,
      `${renamedAs}：授精を記録（安福久）`,
      `${renamedAs}：牛を登録`,
    ]);
    expect(words(story[4])).toMatchObject({
      種類: [null, '授精'],
      授精の方法: [null, '人工授精'],
      種雄牛: [null, '安福久'],
    });
    // No row shows an id, a raw key, an ISO time or JSON.
    const shown = JSON.stringify(
      story.map((r) => [r.summary, r.changes.map((c: any) => [c.label, c.before, c.after])]),
    );
    expect(shown).not.toMatch(
      /\d{4}-\d{2}-\d{2}T|cattleId|eventType|sireName|[{]"|INSEMINATION|ARRIVAL|pending|filed"/,
    );
    const values = story.flatMap((r) => r.changes.flatMap((c: any) => [c.before, c.after]));
    expect(values).not.toContain(String(yuri.cattleId));
    // Her story holds none of the other cow's rows; another farm's owner sees none of hers.
    expect(story.some((r) => r.summary.includes('ほか'))).toBe(false);
    expect((await history(outsider, outsider.farmId, `?cattleId=${yuri.cattleId}`)).data).toEqual([]);
    // Staff see only their own rows of her story.
    expect((await history(staff, owner.farmId, `?cattleId=${yuri.cattleId}`)).data).toEqual([]);
    expect((await api(`/audit?cattleId=${yuri.cattleId}`, as(viewer, owner.farmId))).status).toBe(403);
    const bad = await api('/audit?cattleId=abc', o);
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe('牛のIDは正の整数である必要があります');
    const lang = await api('/audit?lang=fr', o);
    expect(lang.status).toBe(400);
    expect(lang.json.error.message).toBe('言語はjaまたはenです');
  });

  it('records an invitation when it is sent, naming the address and the role', async () => {
    const sent = await api(`/farms/${owner.farmId}/invitations`, {
      method: 'POST',
      token: owner.token,
      body: { email: 'helper-invited@example.jp', role: 'staff' },
    });
    expect(sent.status, sent.text).toBe(201);
    const rows = (await history(owner, owner.farmId, '?entity=member')).data;
    expect(rows[0]).toMatchObject({
      action: 'invite',
      userName: '北 太郎',
      summary: 'helper-invited@example.jpをスタッフとして招待',
      changes: [
        { field: 'email', label: 'メールアドレス', before: null, after: 'helper-invited@example.jp' },
        { field: 'role', label: '役割', before: null, after: 'スタッフ' },
      ],
    });
  });

  it('answers 400 with the message of a wrong filter or cursor', async () => {
    const entity = await api('/audit?entity=horse', as(owner, owner.farmId));
    expect(entity.status).toBe(400);
    expect(entity.json.error.message).toBe('対象の種類が不正です');
    const cursor = await api('/audit?cursor=%%%', as(owner, owner.farmId));
    expect(cursor.status).toBe(400);
    expect(cursor.json.error.message).toBe('カーソルが不正です');
  });
});

describe('trash', () => {
  it('takes every per-animal table of the shard with an animal, or names it as derived', async () => {
    // D1 refuses pragma_table_info: the column is found in each table's CREATE statement.
    const { results: tables } = await env.FARM_DB_0.prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name",
    ).all<{ name: string; sql: string }>();
    const results = tables.filter((t) => /[`"\s(]cattle_id[`"\s]/.test(t.sql));
    const taken = new Set<string>([...TRASHED_WITH_ANIMAL.map((t) => tableName(t.table)), ...DERIVED_PER_ANIMAL]);
    expect(results.length).toBeGreaterThan(5);
    expect(results.map((r) => r.name).filter((name) => !taken.has(name))).toEqual([]);
  });

  let owner: Member;
  let staff: Member;
  let viewer: Member;
  let outsider: Member;
  beforeAll(async () => {
    owner = await signUp({ name: '東 一郎' });
    staff = await signUp();
    viewer = await signUp();
    outsider = await signUp();
    await join(owner.farmId, staff, 'staff');
    await join(owner.farmId, viewer, 'viewer');
  });

  it('keeps a deleted animal with its events; its number stays taken (409); restoring brings it back with its breeding state and alerts', async () => {
    const today = todayJst();
    const animal = await cow(owner, owner.farmId, { name: 'あかね' });
    const { cattleId } = animal;
    const calving = await api('/events', {
      method: 'POST',
      ...as(owner, owner.farmId),
      body: { cattleId, eventType: 'CALVING', eventDatetime: at(addDays(today, -70)) },
    });
    expect(calving.status, calving.text).toBe(201);
    const before = (await api(`/cattle/${cattleId}`, as(owner, owner.farmId))).json.data;
    expect(before.alerts.alertCount).toBe(1);
    expect(before.breedingStatus.lastCalvingDate).toBe(addDays(today, -70));

    // The kept status counts (shard migration 0011) follow the animal into the trash and back.
    const counts = async () => (await api('/cattle/status-counts', as(owner, owner.farmId))).json.data;
    const countsBefore = await counts();
    expect((await api(`/cattle/${cattleId}`, { method: 'DELETE', ...as(owner, owner.farmId) })).status).toBe(200);
    expect((await api(`/cattle/${cattleId}`, as(owner, owner.farmId))).status).toBe(404);
    expect(await counts()).toEqual({
      ...countsBefore,
      [before.status]: countsBefore[before.status] - 1,
      total: countsBefore.total - 1,
    });
    const db = await shardOf(owner.farmId);
    const left = await db
      .prepare(
        'SELECT (SELECT count(*) FROM events WHERE cattle_id = ?1) e, (SELECT count(*) FROM alerts WHERE cattle_id = ?1) a',
      )
      .bind(cattleId)
      .first();
    expect(left).toEqual({ e: 0, a: 0 });

    const listed = await api('/trash', as(viewer, owner.farmId));
    expect(listed.status).toBe(200);
    const item = listed.json.data.find((t: any) => t.id === cattleId);
    expect(item).toMatchObject({ entity: 'cattle', label: 'あかね', cattleId });
    expect(Date.parse(item.purgeAt) - Date.parse(item.deletedAt)).toBe(30 * 86_400_000);
    // Its events went with it and are not listed apart.
    expect(listed.json.data.filter((t: any) => t.entity === 'event')).toEqual([]);

    const again = await api('/cattle', {
      method: 'POST',
      ...as(owner, owner.farmId),
      body: { name: 'べつ', identificationNumber: animal.identificationNumber, gender: '雌', growthStage: 'CALF' },
    });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('この個体識別番号の牛はゴミ箱にあります（復元できます）');

    // A viewer may not restore, another farm cannot find it, a wrong entity is a 400.
    const path = `/trash/cattle/${cattleId}/restore`;
    expect((await api(path, { method: 'POST', ...as(viewer, owner.farmId) })).status).toBe(403);
    expect((await api(path, { method: 'POST', ...as(outsider, outsider.farmId) })).status).toBe(404);
    expect((await api(path, { method: 'POST' })).status).toBe(401);
    const wrong = await api(`/trash/horse/${cattleId}/restore`, { method: 'POST', ...as(owner, owner.farmId) });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe('種類は cattle か event です');

    const restored = await api(path, { method: 'POST', ...as(staff, owner.farmId) });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json.data).toEqual({ entity: 'cattle', id: cattleId, cattleId });
    const after = (await api(`/cattle/${cattleId}`, as(owner, owner.farmId))).json.data;
    expect(after.name).toBe('あかね');
    expect(after.identificationNumber).toBe(animal.identificationNumber);
    expect(after.events.map((e: any) => e.eventId)).toEqual(before.events.map((e: any) => e.eventId));
    expect(after.breedingStatus.lastCalvingDate).toBe(addDays(today, -70));
    expect(after.breedingStatus.daysAfterCalving).toBe(before.breedingStatus.daysAfterCalving);
    expect(after.alerts.alertCount).toBe(1);
    expect(await counts()).toEqual(countsBefore);
    expect((await api('/trash', as(owner, owner.farmId))).json.data.some((t: any) => t.id === cattleId)).toBe(false);
    expect((await api(path, { method: 'POST', ...as(owner, owner.farmId) })).status).toBe(404);
    const rows = (await history(owner, owner.farmId, `?entity=cattle&entityId=${cattleId}`)).data;
    expect(rows[0]).toMatchObject({ action: 'restore', userId: staff.userId });
  });

  it('keeps a deleted event and restores it with the same id, recomputing the breeding state', async () => {
    const { cattleId } = await cow(owner, owner.farmId, { name: 'みどり', growthStage: 'FIRST_CALVED' });
    const ai = await api('/events', {
      method: 'POST',
      ...as(owner, owner.farmId),
      body: { cattleId, eventType: 'INSEMINATION', eventDatetime: at('2026-11-10'), details: { sireName: '百合茂' } },
    });
    expect(ai.status, ai.text).toBe(201);
    const eventId = ai.json.data.eventId;
    expect((await api(`/events/${eventId}`, { method: 'DELETE', ...as(owner, owner.farmId) })).status).toBe(204);
    const gone = (await api(`/cattle/${cattleId}`, as(owner, owner.farmId))).json.data;
    expect(gone.breedingStatus.lastInseminationDate).toBeNull();
    const item = (await api('/trash', as(owner, owner.farmId))).json.data.find((t: any) => t.id === eventId);
    expect(item).toMatchObject({ entity: 'event', cattleId, label: 'みどり INSEMINATION 2026-11-09' });

    const restored = await api(`/trash/event/${eventId}/restore`, { method: 'POST', ...as(owner, owner.farmId) });
    expect(restored.status, restored.text).toBe(200);
    const back = (await api(`/cattle/${cattleId}`, as(owner, owner.farmId))).json.data;
    expect(back.events.map((e: any) => e.eventId)).toEqual([eventId]);
    expect(back.events[0].details).toMatchObject({ sireName: '百合茂' });
    expect(back.breedingStatus.lastInseminationDate).toBe('2026-11-10');
  });

  it("answers 409 restoring an event whose animal is gone, and 404 for what is not in the farm's trash", async () => {
    const { cattleId } = await cow(owner, owner.farmId, { name: 'きく' });
    const ev = await api('/events', {
      method: 'POST',
      ...as(owner, owner.farmId),
      body: { cattleId, eventType: 'ESTRUS', eventDatetime: at('2026-11-05') },
    });
    const eventId = ev.json.data.eventId;
    await api(`/events/${eventId}`, { method: 'DELETE', ...as(owner, owner.farmId) });
    expect((await api(`/cattle/${cattleId}`, { method: 'DELETE', ...as(owner, owner.farmId) })).status).toBe(200);
    const res = await api(`/trash/event/${eventId}/restore`, { method: 'POST', ...as(owner, owner.farmId) });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe('この記録の牛が見つかりません（先に牛を復元してください）');
    const missing = await api('/trash/event/999999999/restore', { method: 'POST', ...as(owner, owner.farmId) });
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toBe('ゴミ箱に見つかりません');
  });

  it('is purged by the dawn run once 30 days have passed, and the number is free again', async () => {
    const animal = await cow(owner, owner.farmId, { name: 'すみれ' });
    await api(`/cattle/${animal.cattleId}`, { method: 'DELETE', ...as(owner, owner.farmId) });
    const db = await shardOf(owner.farmId);
    // 29 days later it is still there; 31 days later the dawn run purges it.
    await db
      .prepare("UPDATE trash SET purge_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day') WHERE entity_id = ?")
      .bind(animal.cattleId)
      .run();
    await runDawnFarm(testEnv, owner.farmId, todayJst());
    expect((await api('/trash', as(owner, owner.farmId))).json.data.some((t: any) => t.id === animal.cattleId)).toBe(
      true,
    );
    await db
      .prepare("UPDATE trash SET purge_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day') WHERE entity_id = ?")
      .bind(animal.cattleId)
      .run();
    await runDawnFarm(testEnv, owner.farmId, addDays(todayJst(), 1));
    expect((await api('/trash', as(owner, owner.farmId))).json.data.some((t: any) => t.id === animal.cattleId)).toBe(
      false,
    );
    const again = await api('/cattle', {
      method: 'POST',
      ...as(owner, owner.farmId),
      body: { name: 'すみれ', identificationNumber: animal.identificationNumber, gender: '雌', growthStage: 'CALF' },
    });
    expect(again.status, again.text).toBe(201);
    // The history of the purged animal stays.
    const rows = (await history(owner, owner.farmId, `?entity=cattle&entityId=${animal.cattleId}`)).data;
    expect(rows.map((r) => r.action)).toEqual(['delete', 'create']);
  });
});
