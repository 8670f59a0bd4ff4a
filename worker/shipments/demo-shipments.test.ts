import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { getDb } from '../db/client';
import { addDays, jstMonth, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';
import { type DemoAnimal, seedDemoShipments } from './demo-shipments';
import { insertAnimal } from './test-fixtures';

describe('demo shipments', () => {
  it('gives the demo farm two years of realistic shipments and plans from this month on', async () => {
    const user = await signUp();
    const today = todayJst();
    const animals: DemoAnimal[] = [];
    for (let i = 0; i < 12; i++) {
      const birthday = `${2015 + (i % 6)}-0${(i % 9) + 1}-10`;
      const cattleId = await insertAnimal(user, {
        name: `はな${i}`,
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
        birthday,
      });
      animals.push({
        cattleId,
        gender: '雌',
        growthStage: 'MULTI_PAROUS',
        birthday,
        name: `はな${i}`,
        status: 'HEALTHY',
      });
      const calfBirthday = addDays(today, -(40 + i * 20));
      const calf = await insertAnimal(user, {
        gender: i % 2 ? '去勢' : '雌',
        growthStage: 'CALF',
        birthday: calfBirthday,
      });
      animals.push({
        cattleId: calf,
        gender: i % 2 ? '去勢' : '雌',
        growthStage: 'CALF',
        birthday: calfBirthday,
        motherCattleId: cattleId,
        status: 'HEALTHY',
      });
    }
    const steerBirthday = addDays(today, -Math.round(27.5 * 30.44));
    const steer = await insertAnimal(user, {
      gender: '去勢',
      growthStage: 'FATTENING',
      birthday: steerBirthday,
    });
    animals.push({
      cattleId: steer,
      gender: '去勢',
      growthStage: 'FATTENING',
      birthday: steerBirthday,
      status: 'HEALTHY',
    });

    const db = getDb(env);
    await seedDemoShipments(
      { db, farmId: user.farmId, userId: user.userId, userName: '牧場 太郎', actor: String(user.userId) },
      animals,
      { today },
    );

    const { results } = await env.DB.prepare(
      `SELECT s.*, c.growth_stage, c.gender, c.status FROM shipments s JOIN cattle c ON c.cattle_id = s.cattle_id WHERE s.farm_id = ?`,
    )
      .bind(user.farmId)
      .all<any>();
    expect(results.length).toBeGreaterThanOrEqual(15);
    for (const s of results) {
      expect(s.status).toBe('SHIPPED');
      expect(s.shipment_date >= addDays(today, -730) && s.shipment_date < today).toBe(true);
      if (s.growth_stage === 'FATTENING') {
        expect(s.price).toBeGreaterThanOrEqual(1_000_000);
        expect(s.price).toBeLessThanOrEqual(1_500_000);
        expect(s.age_at_shipment).toBeGreaterThanOrEqual(27);
        expect(s.age_at_shipment).toBeLessThanOrEqual(30);
      } else {
        expect(s.price).toBeGreaterThanOrEqual(580_000);
        expect(s.price).toBeLessThanOrEqual(800_000);
        expect(s.age_at_shipment).toBeGreaterThanOrEqual(8);
        expect(s.age_at_shipment).toBeLessThanOrEqual(10);
      }
      expect(s.buyer).toMatch(/市場|全農/);
    }
    expect(results.some((s) => s.growth_stage === 'FATTENING')).toBe(true);

    const plans = await api('/shipments/plans', { token: user.token });
    expect(plans.json.data.total).toBeGreaterThanOrEqual(6);
    for (const p of plans.json.data.results) expect(p.plannedShipmentMonth >= jstMonth()).toBe(true);
    expect(plans.json.data.results.map((p: any) => p.cattleId)).toContain(steer);

    const stats = await api(`/shipments/price-stats?from=${addDays(today, -730)}&to=${today}`, { token: user.token });
    expect(stats.json.data.totalShipments).toBe(results.length);
    expect(stats.json.data.totalRevenue).toBe(results.reduce((sum, s) => sum + s.price, 0));

    const mothers = await api('/shipments/mothers/list', { token: user.token });
    expect(mothers.json.data.total).toBeGreaterThanOrEqual(8);
    expect(mothers.json.data.mothers[0].calves[0].pedigree.father).toBeTruthy();
  });
});
