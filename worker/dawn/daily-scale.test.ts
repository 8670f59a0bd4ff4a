import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { todayJst } from '../domain/calendar';
import worker from '../index';
import { api, testEnv } from '../test/api';
import { everyShard } from '../test/shards';
import type { DawnMessage } from './dawn-enqueue';

/** One delivery of the farm's dawn message to the Worker's queue handler; returns whether it was acked. */
async function deliver(farmId: number, attempts = 1) {
  const body: DawnMessage = { kind: 'farm', farmId, day: todayJst() };
  const batch = createMessageBatch<DawnMessage>('ushicho-dawn', [
    { id: `scale-${attempts}`, timestamp: new Date(), attempts, body },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, testEnv, ctx);
  return (await getQueueResult(batch, ctx)).explicitAcks.length === 1;
}

describe('the dawn run on a large farm', () => {
  it('regenerates 2,000 head in one message without failing, and a second run changes nothing', async () => {
    const owner = await api('/dev/bench-seed/owner', {
      method: 'POST',
      body: { email: 'scale@ushicho.example', userName: '大規模牧場' },
    });
    const { userId, token } = owner.json;
    const farmId = (await api('/farms', { token })).json.data[0].id as number;
    for (let start = 0; start < 2000; start += 500) {
      const res = await api('/dev/bench-seed/herd', {
        method: 'POST',
        body: { userId, herdSize: 2000, kind: 'herd', start, count: 500 },
      });
      expect(res.status).toBe(200);
    }
    expect(await deliver(farmId)).toBe(true);
    const first = await everyShard
      .prepare('SELECT count(*) AS n FROM alerts WHERE farm_id = ?')
      .bind(farmId)
      .first<{ n: number }>();
    expect(first!.n).toBeGreaterThan(50);
    const run = await everyShard
      .prepare('SELECT status, work_ms FROM dawn_farm_runs WHERE farm_id = ?')
      .bind(farmId)
      .first<{ status: string; work_ms: number }>();
    expect(run!.status).toBe('done');
    expect(run!.work_ms).toBeGreaterThan(0);
    // Forget the day's run so that the farm is regenerated again: the alerts are all there already.
    await everyShard.prepare('DELETE FROM dawn_farm_runs WHERE farm_id = ?').bind(farmId).run();
    expect(await deliver(farmId, 2)).toBe(true);
    const created = await everyShard
      .prepare(
        "SELECT count(*) AS n FROM alert_history h JOIN alerts a ON a.id = h.alert_id WHERE a.farm_id = ? AND h.action = 'created'",
      )
      .bind(farmId)
      .first<{ n: number }>();
    expect(created!.n).toBe(first!.n);
  }, 180_000);
});
