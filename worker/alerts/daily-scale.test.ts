import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../index';
import { api } from '../test/api';
import { everyShard } from '../test/shards';

describe('the daily run on a large farm', () => {
  it('regenerates 2,000 head in one run without failing, and a second run changes nothing', async () => {
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
    const run = async () => {
      const ctx = createExecutionContext();
      await worker.scheduled(
        createScheduledController({ scheduledTime: Date.now(), cron: '0 21 * * *' }),
        env as never,
        ctx,
      );
      await waitOnExecutionContext(ctx);
    };
    await run();
    const first = await everyShard
      .prepare('SELECT count(*) AS n, max(updated_at) AS t FROM alerts WHERE farm_id = ?')
      .bind(farmId)
      .first<{ n: number; t: string }>();
    expect(first!.n).toBeGreaterThan(50);
    await run();
    const second = await everyShard
      .prepare(
        "SELECT count(*) AS n FROM alert_history h JOIN alerts a ON a.id = h.alert_id WHERE a.farm_id = ? AND h.action = 'created'",
      )
      .bind(farmId)
      .first<{ n: number }>();
    expect(second!.n).toBe(first!.n);
  }, 180_000);
});
