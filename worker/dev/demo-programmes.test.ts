import { describe, expect, it } from 'vitest';
import { clientOf } from '../db/client';
import { addDays, todayJst } from '../domain/calendar';
import { api, signUp } from '../test/api';
import { shardOf } from '../test/shards';
import { DEMO_VACCINATION_PROGRAMME, seedDemoProgrammes } from './demo-programmes';

const today = todayJst();
let identification = 1_970_000_000;

describe('the demo farm’s day of work (§22)', () => {
  it('has an Ovsynch group of three in progress and a calf vaccination plan, so home shows today’s tasks', async () => {
    const farmer = await signUp();
    const animal = async (body: Record<string, unknown>) => {
      const res = await api('/cattle', {
        method: 'POST',
        token: farmer.token,
        body: {
          identificationNumber: ++identification,
          earTagNumber: identification % 10000,
          breed: '黒毛和種',
          ...body,
        },
      });
      if (res.status !== 201) throw new Error(res.text);
      return res.json.data.cattleId as number;
    };
    const cows: number[] = [];
    for (const name of ['はな', 'ゆり', 'さくら', 'もも']) {
      const id = await animal({ name, gender: '雌', growthStage: 'MULTI_PAROUS' });
      // Calved 80 days ago and open: ready for a synchronisation.
      await api('/events', {
        method: 'POST',
        token: farmer.token,
        body: { cattleId: id, eventType: 'CALVING', eventDatetime: addDays(today, -80) },
      });
      cows.push(id);
    }
    const calf = await animal({ name: 'こうし', gender: '雌', growthStage: 'CALF', birthday: addDays(today, -60) });
    const db = clientOf(await shardOf(farmer.farmId));
    await seedDemoProgrammes(
      { db, farmId: farmer.farmId, userId: farmer.userId, userName: '北牧場（デモ）', actor: 'system' },
      today,
    );

    const all = (await api('/tasks?limit=200', { token: farmer.token })).json.data as {
      cattleId: number;
      title: string;
      status: string;
      dueDate: string;
      programmeName: string;
    }[];
    const ovsynch = all.filter((t) => t.programmeName.startsWith('Ovsynch'));
    // The three first open cows, started a week ago: GnRH done, PGF2α today, GnRH and 授精 ahead.
    expect(new Set(ovsynch.map((t) => t.cattleId))).toEqual(new Set(cows.slice(0, 3)));
    expect(ovsynch.filter((t) => t.status === 'done').map((t) => [t.title, t.dueDate])).toEqual([
      ['GnRH', addDays(today, -7)],
      ['GnRH', addDays(today, -7)],
      ['GnRH', addDays(today, -7)],
    ]);
    expect(ovsynch.filter((t) => t.dueDate === today).map((t) => t.title)).toEqual(['PGF2α', 'PGF2α', 'PGF2α']);
    expect(
      all.filter((t) => t.programmeName === DEMO_VACCINATION_PROGRAMME).map((t) => [t.cattleId, t.dueDate]),
    ).toEqual([
      [calf, today],
      [calf, addDays(today, 30)],
    ]);
    const home = (await api('/home', { token: farmer.token })).json.data;
    expect(home.tasks.map((t: { title: string }) => t.title).sort()).toEqual([
      '5種混合ワクチン',
      'PGF2α',
      'PGF2α',
      'PGF2α',
    ]);
  });
});
