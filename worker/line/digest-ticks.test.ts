import { describe, expect, it, vi } from 'vitest';
import { sendAlertDigests } from '../dawn/daily';
import { addDays, todayJst } from '../domain/calendar';
import { api, signUp, testEnv } from '../test/api';
import { shardOf } from '../test/shards';
import { dataOf, linkByChat, tap } from './test-fixtures';

const today = todayJst();

/** docs/product.md §25: the morning digest's LINE push carries a one-use 完了 button per task (at most 13). */
describe('the digest’s 完了 buttons', () => {
  it('numbers the first 13 tasks, each with a button that ticks it once', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const farmer = await signUp({ name: '朝の 人' });
    const { lineId } = await linkByChat(farmer.token);
    expect(
      (await api('/users/me/notifications', { method: 'PUT', token: farmer.token, body: { digest: 'line' } })).status,
    ).toBe(200);
    const ids: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await api('/cattle', {
        method: 'POST',
        token: farmer.token,
        body: {
          name: `牛${i}`,
          identificationNumber: 1491000000 + i,
          earTagNumber: `90${String(i).padStart(2, '0')}`,
          gender: '雌',
          growthStage: 'MULTI_PAROUS',
          breed: '黒毛和種',
          birthday: '2020-04-01',
        },
      });
      ids.push(res.json.data.cattleId);
    }
    const programmes = await api('/programmes', { token: farmer.token });
    const ovsynch = programmes.json.data.find((p: { name: string }) => p.name.startsWith('Ovsynch'));
    await api(`/programmes/${ovsynch.id}/enrol`, {
      method: 'POST',
      token: farmer.token,
      body: { cattleIds: ids, startDate: today },
    });
    const shard = await shardOf(farmer.farmId);
    const due = await shard
      .prepare(`SELECT count(*) AS n FROM tasks WHERE farm_id = ? AND status = 'open' AND due_date <= ?`)
      .bind(farmer.farmId, today)
      .first<{ n: number }>();
    expect(due?.n).toBe(14);

    const alert = {
      id: `digest-ticks-${farmer.farmId}`,
      type: 'OPEN_DAYS_OVER60_NO_AI',
      severity: 'high',
      cattleId: ids[0],
      cattleName: '牛0',
      cattleEarTagNumber: '9000',
      dueAt: addDays(today, -12),
      message: '分娩後72日経過・未授精',
    };
    await sendAlertDigests(testEnv, [{ ...alert, farmId: farmer.farmId } as never], today, () => {});
    const outbox = (await api(`/dev/line-outbox?to=${lineId}`)).json.data;
    const push = outbox.at(-1);
    expect(push.kind).toBe('push');
    const [message] = push.messages;
    const buttons = message.quickReply.items.map((i: { action: Record<string, string> }) => i.action);
    // 14 tasks: 13 buttons (LINE's most), 13 numbered lines, the 14th still listed without a number.
    expect(buttons.map((b: { label: string }) => b.label)).toEqual(
      Array.from({ length: 13 }, (_, i) => `完了 ${i + 1}`),
    );
    expect(message.text).toMatch(/^1\. /m);
    expect(message.text).toMatch(/^13\. /m);
    expect(message.text).not.toMatch(/^14\. /m);
    expect((await tap(lineId, dataOf(buttons, '完了 1'))).text).toMatch(/^完了にしました：/);
    expect((await tap(lineId, dataOf(buttons, '完了 1'))).text).toBe('記録済みです');
    const done = await shard
      .prepare(`SELECT count(*) AS n FROM tasks WHERE farm_id = ? AND status = 'done' AND done_by = ?`)
      .bind(farmer.farmId, farmer.userId)
      .first<{ n: number }>();
    expect(done?.n).toBe(1);
    // The task's step event came from LINE.
    const ticked = await shard
      .prepare(
        `SELECT t.event_type AS step, e.source AS source FROM tasks t LEFT JOIN events e ON e.event_id = t.event_id
         WHERE t.farm_id = ? AND t.status = 'done'`,
      )
      .bind(farmer.farmId)
      .first<{ step: string | null; source: string | null }>();
    expect(ticked?.source).toBe(ticked?.step ? 'line' : null);
  });
});
