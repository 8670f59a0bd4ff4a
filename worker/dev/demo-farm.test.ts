import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALERT_TYPES } from '../domain/alerts';
import { addDays, todayJst } from '../domain/calendar';
import { api } from '../test/api';
import { DEMO_EMAIL, DEMO_PASSWORD, planDemoHerd, seedDemoFarm } from './demo-farm';

/** The demo farm: the one the demo user owns. */
async function demoFarmOf(userId: number) {
  const row = await env.DB.prepare("SELECT farm_id FROM farm_members WHERE user_id = ? AND role = 'owner'")
    .bind(userId)
    .first<{ farm_id: number }>();
  return row!.farm_id;
}

describe('the demo farm', () => {
  let token: string;
  let userId: number;
  let farmId: number;
  const today = todayJst();

  beforeAll(async () => {
    const seeded = await api('/dev/seed', { method: 'POST' });
    expect(seeded.json.created).toBe(true);
    userId = seeded.json.userId;
    farmId = await demoFarmOf(userId);
    const login = await api('/auth/login', { method: 'POST', body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    token = login.json.token;
  }, 120_000);

  it('is planned the same way every time for the same day', () => {
    expect(JSON.stringify(planDemoHerd(today))).toBe(JSON.stringify(planDemoHerd(today)));
  });

  it('plans no event after the day it is seeded, whatever the day', () => {
    const jstDate = (instant: string) => new Date(Date.parse(instant) + 9 * 3_600_000).toISOString().slice(0, 10);
    for (let offset = 0; offset < 120; offset++) {
      const day = addDays(today, offset);
      const late = planDemoHerd(day)
        .flatMap((a) => [...a.events, ...[...a.calfEvents.values()].flat()])
        .filter((e) => jstDate(e.eventDatetime) > day);
      expect({ day, late }).toEqual({ day, late: [] });
    }
  });

  it('seeds once: a second call changes nothing', async () => {
    const again = await seedDemoFarm(env as never, today);
    expect(again).toEqual({ created: false, userId });
  });

  it('has a realistic herd of about 80 head with calves linked to their mothers', async () => {
    const counts = await api('/cattle/status-counts', { token });
    const alive = counts.json.data.total - counts.json.data.SHIPPED - counts.json.data.DEAD;
    expect(alive).toBeGreaterThanOrEqual(70);
    expect(alive).toBeLessThanOrEqual(100);
    const calves = await env.DB.prepare(
      "SELECT count(*) AS n FROM cattle c JOIN mother_info m ON m.cattle_id = c.cattle_id WHERE c.farm_id = ? AND c.growth_stage = 'CALF' AND m.mother_cattle_id IS NOT NULL",
    )
      .bind(farmId)
      .first<{ n: number }>();
    expect(calves!.n).toBeGreaterThanOrEqual(8);
    expect((await api('/cattle?status=PREGNANT&limit=100', { token })).json.data.totalCount).toBeGreaterThanOrEqual(10);
    expect(
      (await api('/cattle?growth_stage=FATTENING&limit=100', { token })).json.data.totalCount,
    ).toBeGreaterThanOrEqual(8);
  });

  it('shows numbers as on the tag: 10 digits with the zero, ear tags from them, and a calf not tagged yet', async () => {
    const rows = (
      await env.DB.prepare('SELECT identification_number AS id, ear_tag_number AS tag FROM cattle WHERE farm_id = ?')
        .bind(farmId)
        .all<{ id: string | null; tag: string | null }>()
    ).results;
    const tagged = rows.filter((r) => r.id !== null);
    expect(tagged.every((r) => /^\d{10}$/.test(r.id!))).toBe(true);
    expect(tagged.filter((r) => r.id!.startsWith('0')).length).toBeGreaterThan(50);
    expect(tagged.filter((r) => r.tag !== null).every((r) => r.tag === r.id!.slice(5, 9))).toBe(true);
    expect(rows.filter((r) => r.id === null).length).toBeGreaterThanOrEqual(1);
  });

  it('puts cows in every breeding situation the alerts watch for', async () => {
    const rows = await env.DB.prepare(
      `SELECT bs.* , c.status FROM breeding_status bs JOIN cattle c ON c.cattle_id = bs.cattle_id WHERE c.farm_id = ? AND c.gender = '雌'`,
    )
      .bind(farmId)
      .all<any>();
    const states = rows.results;
    const overdue = states.filter(
      (s) => s.expected_calving_date && s.expected_calving_date < today && s.status === 'PREGNANT',
    );
    const within60 = states.filter(
      (s) =>
        s.expected_calving_date && s.expected_calving_date >= today && s.expected_calving_date <= addDays(today, 60),
    );
    const openLong = states.filter(
      (s) =>
        s.last_calving_date &&
        s.last_calving_date <= addDays(today, -60) &&
        (!s.last_insemination_date || s.last_insemination_date < s.last_calving_date),
    );
    const returnWatch = states.filter(
      (s) =>
        s.last_insemination_date &&
        s.last_insemination_date <= addDays(today, -20) &&
        s.last_insemination_date >= addDays(today, -24) &&
        s.status !== 'PREGNANT',
    );
    const checkDue = states.filter(
      (s) => s.scheduled_pregnancy_check_date && s.scheduled_pregnancy_check_date <= addDays(today, 3),
    );
    expect(overdue.length).toBeGreaterThanOrEqual(1);
    expect(within60.length).toBeGreaterThanOrEqual(2);
    expect(openLong.length).toBeGreaterThanOrEqual(2);
    expect(returnWatch.length).toBeGreaterThanOrEqual(1);
    expect(checkDue.length).toBeGreaterThanOrEqual(1);
  });

  it('shows an alert of every type after seeding', async () => {
    const res = await api('/alerts?limit=100', { token });
    const types = new Set(res.json.data.results.map((a: { type: string }) => a.type));
    expect([...types].sort()).toEqual([...ALERT_TYPES].sort());
    // The dairy cows and the unbred heifer show the dairy and heifer rules by name.
    const byCow = (type: string) =>
      res.json.data.results
        .filter((a: { type: string }) => a.type === type)
        .map((a: { cattleName: string }) => a.cattleName);
    expect(byCow('DRY_OFF_DUE')).toContain('ミルキー');
    expect(byCow('DRY_OFF_DUE')).not.toContain('ハナ');
    expect(byCow('HEIFER_NOT_BRED')).toContain('はつ');
  });

  it('has ホルスタイン, an F1 and an ET pregnancy, twins and a stillbirth', async () => {
    const cow = async (name: string) =>
      (await api(`/cattle?search=${encodeURIComponent(name)}`, { token })).json.data.results.find(
        (c: { name: string }) => c.name === name,
      );
    const milky = await cow('ミルキー');
    expect(milky).toMatchObject({ breed: 'ホルスタイン', status: 'PREGNANT' });
    // F1 due 283 days after the service 228 days ago: in 55 days.
    expect(milky.breeding.expectedCalvingDate).toBe(addDays(today, 55));
    // ET: 285 − 7 = 278 days after the transfer 158 days ago: in 120 days.
    expect((await cow('ホワイト')).breeding.expectedCalvingDate).toBe(addDays(today, 120));
    const twins = (await api(`/cattle/${(await cow('さつき')).cattleId}`, { token })).json.data;
    const calving = twins.events.find((e: { eventType: string }) => e.eventType === 'CALVING');
    expect(calving.details.calves).toHaveLength(2);
    expect(calving.details.calves[1]).toMatchObject({ stillborn: true });
    const still = await cow('しずか');
    expect(still.breeding.parity).toBe(1);
    expect(still.status).toBe('RESTING');
  });

  it('records two years of events through the breeding engine', async () => {
    const events = await env.DB.prepare(
      'SELECT event_type, count(*) AS n FROM events WHERE farm_id = ? GROUP BY event_type',
    )
      .bind(farmId)
      .all<any>();
    const byType = Object.fromEntries(events.results.map((r) => [r.event_type, r.n]));
    expect(byType.INSEMINATION).toBeGreaterThan(60);
    expect(byType.CALVING).toBeGreaterThan(40);
    expect(byType.PREGNANCY_CHECK).toBeGreaterThan(40);
    expect(byType.WEANING).toBeGreaterThan(5);
    const oldest = await env.DB.prepare('SELECT min(event_datetime) AS t FROM events WHERE farm_id = ?')
      .bind(farmId)
      .first<{ t: string }>();
    expect(oldest!.t.slice(0, 10) <= addDays(today, -700)).toBe(true);
  });

  it('has shipments and current plans', async () => {
    const shipped = await env.DB.prepare('SELECT count(*) AS n FROM shipments WHERE farm_id = ?')
      .bind(farmId)
      .first<{ n: number }>();
    const plans = await env.DB.prepare('SELECT count(*) AS n FROM shipment_plans WHERE farm_id = ?')
      .bind(farmId)
      .first<{ n: number }>();
    expect(shipped!.n).toBeGreaterThan(20);
    expect(plans!.n).toBeGreaterThan(2);
  });

  it('has graded shipments and animals under withdrawal now (§9.3, §16)', async () => {
    const graded = await env.DB.prepare(
      'SELECT count(*) AS n FROM shipments WHERE farm_id = ? AND carcass_quality_grade IS NOT NULL',
    )
      .bind(farmId)
      .first<{ n: number }>();
    expect(graded!.n).toBeGreaterThanOrEqual(1);
    const restricted = await api('/cattle?restricted=true', { token });
    expect(restricted.json.data.totalCount).toBeGreaterThanOrEqual(1);
    for (const row of restricted.json.data.results) expect(row.withdrawal.meatUntil >= todayJst()).toBe(true);
    const sires = await api('/shipments/sire-stats', { token });
    expect(sires.json.data.some((s: { grade45Rate: number | null }) => s.grade45Rate !== null)).toBe(true);
  });
});

describe('a demo seeding that was cut short', () => {
  it('fills the demo account when it has no animals', async () => {
    const first = await seedDemoFarm(env as never);
    const farmId = await demoFarmOf(first.userId);
    await env.DB.prepare('DELETE FROM cattle WHERE farm_id = ?').bind(farmId).run();
    const repaired = await seedDemoFarm(env as never);
    expect(repaired).toEqual({ created: true, userId: first.userId });
    const { n } = (await env.DB.prepare('SELECT count(*) AS n FROM cattle WHERE farm_id = ?')
      .bind(farmId)
      .first<{ n: number }>())!;
    expect(n).toBeGreaterThan(50);
  }, 120_000);
});
