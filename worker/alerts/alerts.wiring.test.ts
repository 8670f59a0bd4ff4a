import { describe, expect, it } from 'vitest';
import { addDays, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';
import { everyShard } from '../test/shards';

const at = (date: string) => new Date(`${date}T08:00:00+09:00`).toISOString();

describe('alerts follow every write at once', () => {
  it('a calving 70 days ago without AI raises OPEN_DAYS; recording an insemination resolves it; deleting it brings the condition back', async () => {
    const farmer = await signUp();
    const created = await api('/cattle', {
      method: 'POST',
      token: farmer.token,
      body: {
        name: 'あかね',
        identificationNumber: 1888800001,
        earTagNumber: 8801,
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
        breed: '黒毛和種',
      },
    });
    const cattleId = created.json.data.cattleId;
    const today = todayJst();
    const calving = await api('/events', {
      method: 'POST',
      token: farmer.token,
      body: { cattleId, eventType: 'CALVING', eventDatetime: at(addDays(today, -70)) },
    });
    expect(calving.status).toBe(201);
    const open = await api(`/alerts?cattleId=${cattleId}`, { token: farmer.token });
    const alert = open.json.data.results.find((a: { type: string }) => a.type === 'OPEN_DAYS_OVER60_NO_AI');
    expect(alert).toMatchObject({ severity: 'high', status: 'active', message: '分娩後70日経過・未授精' });

    const ai = await api('/events', {
      method: 'POST',
      token: farmer.token,
      body: { cattleId, eventType: 'INSEMINATION', eventDatetime: at(today) },
    });
    expect(ai.status).toBe(201);
    const row = await everyShard
      .prepare('SELECT status FROM alerts WHERE id = ?')
      .bind(alert.id)
      .first<{ status: string }>();
    expect(row?.status).toBe('resolved');
    const history = await everyShard
      .prepare("SELECT changed_by, reason FROM alert_history WHERE alert_id = ? AND action = 'resolved'")
      .bind(alert.id)
      .first<any>();
    expect(history).toMatchObject({ changed_by: 'system', reason: '条件が解消されました' });

    const cattle = await api(`/cattle/${cattleId}`, { token: farmer.token });
    expect(cattle.json.data.alerts.hasActiveAlerts).toBe(false);
  });

  it('changing a cow to DEAD resolves her alerts', async () => {
    const farmer = await signUp();
    const created = await api('/cattle', {
      method: 'POST',
      token: farmer.token,
      body: {
        name: 'しずか',
        identificationNumber: 1888800002,
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
        breed: '黒毛和種',
      },
    });
    const cattleId = created.json.data.cattleId;
    await api('/events', {
      method: 'POST',
      token: farmer.token,
      body: { cattleId, eventType: 'CALVING', eventDatetime: at(addDays(todayJst(), -80)) },
    });
    expect((await api(`/cattle/${cattleId}`, { token: farmer.token })).json.data.alerts.alertCount).toBe(1);
    await api(`/cattle/${cattleId}/status`, {
      method: 'PATCH',
      token: farmer.token,
      body: { status: 'DEAD', reason: '事故' },
    });
    expect((await api(`/cattle/${cattleId}`, { token: farmer.token })).json.data.alerts.alertCount).toBe(0);
  });
});
