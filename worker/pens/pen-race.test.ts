import { beforeAll, describe, expect, it } from 'vitest';
import { clientOf } from '../db/client';
import type { Scope } from '../db/scope';
import { addDays, todayJst } from '../domain/calendar';
import { recordEventOnAnimals, updateEvent } from '../events/events.service';
import { api, signUp } from '../test/api';
import { shardOf } from '../test/shards';

/**
 * No animal is ever in a deleted pen (docs/product.md §26): a move and the pen's delete sent at the same moment —
 * one animal, a group, a correction — leave exactly one of them done, and the writes that put an animal back in a
 * pen put it in none when that pen is gone.
 */
type Member = Awaited<ReturnType<typeof signUp>>;
let identification = 1_491_000_000;
const today = todayJst();
const at = (offset: number) => `${addDays(today, offset)}T10:00:00+09:00`;

let farmer: Member;
let neighbour: Member;
beforeAll(async () => {
  [farmer, neighbour] = await Promise.all([signUp(), signUp()]);
});

const call = (who: Member, path: string, init: { method?: string; body?: unknown } = {}) =>
  api(path, { method: init.method ?? 'GET', token: who.token, body: init.body });

async function createCow(name: string) {
  const res = await call(farmer, '/cattle', {
    method: 'POST',
    body: {
      name,
      identificationNumber: ++identification,
      gender: '雌',
      growthStage: 'GROWING',
      breed: '黒毛和種',
      birthday: addDays(today, -400),
    },
  });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data.cattleId as number;
}

async function createPen(who: Member, name: string) {
  const res = await call(who, '/pens', { method: 'POST', body: { name } });
  if (res.status !== 201) throw new Error(res.text);
  return res.json.data.id as number;
}

const move = (cattleId: number, toPenId: number, offset = 0) =>
  call(farmer, '/events', {
    method: 'POST',
    body: { cattleId, eventType: 'MOVE_PEN', eventDatetime: at(offset), details: { toPenId } },
  });
/** `send` after `ms` milliseconds: the delete lands before, inside or after the move's read and write. */
const later = <T>(ms: number, send: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => send().then(resolve, reject), ms));
const deletePen = (penId: number) => call(farmer, `/pens/${penId}`, { method: 'DELETE' });

const db = () => shardOf(farmer.farmId);
const penOf = async (cattleId: number) =>
  (await (await db()).prepare('SELECT pen_id FROM cattle WHERE cattle_id = ?').bind(cattleId).first<any>())?.pen_id;
/** The farm's animals whose pen is not one of its pens: always none. */
const inNoSuchPen = async () =>
  (
    await (
      await db()
    )
      .prepare(
        `SELECT count(*) AS n FROM cattle c WHERE c.farm_id = ? AND c.pen_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM pens p WHERE p.pen_id = c.pen_id AND p.farm_id = c.farm_id)`,
      )
      .bind(farmer.farmId)
      .first<{ n: number }>()
  )?.n;
const penExists = async (penId: number) =>
  !!(await (await db()).prepare('SELECT 1 FROM pens WHERE pen_id = ?').bind(penId).first());

describe('a move and the pen’s delete at the same moment', () => {
  it('one animal, 24 pens at once: exactly one of the two wins each time, and no animal is in a deleted pen', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => ({
        cow: await createCow(`競${i}`),
        pen: await createPen(farmer, `競争${i}`),
      })),
    );
    const answers = await Promise.all(
      pairs.map(async ({ cow, pen }, i) => {
        // Sent together, or the delete a few milliseconds after the move: each lands before or after the other.
        const [moved, deleted] = await Promise.all([
          move(cow, pen),
          i % 2 ? later(i % 6, () => deletePen(pen)) : deletePen(pen),
        ]);
        return { cow, pen, moved, deleted };
      }),
    );
    for (const { cow, pen, moved, deleted } of answers) {
      if (moved.status === 201) {
        // The move came first: the pen holds her and is not deleted.
        expect(deleted.status).toBe(409);
        expect(deleted.json.error.message).toBe('牛がいる牛房は削除できません');
        expect(await penOf(cow)).toBe(pen);
        expect(await penExists(pen)).toBe(true);
      } else {
        // The delete came first: the move is refused as a move to a pen the farm does not have.
        expect(deleted.status).toBe(204);
        expect(moved.status).toBe(400);
        expect(moved.json.error).toMatchObject({ field: 'details.toPenId', message: '指定された牛房が見つかりません' });
        expect(await penOf(cow)).toBeNull();
      }
    }
    expect(await inNoSuchPen()).toBe(0);
  });

  it('a group’s move of three animals and the delete: all three moved or none', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const cows = [await createCow(`群${i}a`), await createCow(`群${i}b`), await createCow(`群${i}c`)];
        const pen = await createPen(farmer, `群の牛房${i}`);
        const [moved, deleted] = await Promise.all([
          call(farmer, '/events/bulk', {
            method: 'POST',
            body: { cattleIds: cows, eventType: 'MOVE_PEN', eventDatetime: at(0), details: { toPenId: pen } },
          }),
          deletePen(pen),
        ]);
        return { cows, pen, moved, deleted };
      }),
    );
    for (const { cows, pen, moved, deleted } of answers) {
      const pens = await Promise.all(cows.map(penOf));
      if (moved.status === 201) {
        expect(deleted.status).toBe(409);
        expect(pens).toEqual([pen, pen, pen]);
      } else {
        expect([moved.status, deleted.status]).toEqual([400, 204]);
        expect(pens).toEqual([null, null, null]);
      }
    }
    expect(await inNoSuchPen()).toBe(0);
  });
});

/**
 * The farm as a use case writes it, with `between` run once right after its first batch — its read — has answered:
 * the other request lands exactly between the move's read and its write.
 */
async function scopeWith(between: () => Promise<unknown>): Promise<Scope> {
  const real = await db();
  let done = false;
  const d1 = {
    prepare: (query: string) => real.prepare(query),
    batch: async (statements: D1PreparedStatement[]) => {
      const results = await real.batch(statements);
      if (!done) {
        done = true;
        await between();
      }
      return results;
    },
  } as unknown as D1Database;
  return {
    db: clientOf(d1),
    farmId: farmer.farmId,
    userId: farmer.userId,
    userName: '北',
    actor: String(farmer.userId),
  };
}

const movesOf = async (cattleId: number) =>
  (
    await (
      await db()
    )
      .prepare(`SELECT count(*) AS n FROM events WHERE cattle_id = ? AND event_type = 'MOVE_PEN'`)
      .bind(cattleId)
      .first<{ n: number }>()
  )?.n;

describe('the delete landing between a move’s read and its write', () => {
  const refused = { status: 400, message: '指定された牛房が見つかりません', field: 'details.toPenId' };

  it('one animal: the move is refused whole, the pen is gone and she is in none', async () => {
    const cow = await createCow('あいだ');
    const pen = await createPen(farmer, '間の牛房');
    let deleted = 0;
    const scope = await scopeWith(async () => {
      deleted = (await deletePen(pen)).status;
    });
    const moving = recordEventOnAnimals(scope, {
      animals: [cow],
      event: { eventType: 'MOVE_PEN', eventDatetime: at(0), details: { toPenId: pen } },
    });
    await expect(moving).rejects.toMatchObject(refused);
    expect(deleted).toBe(204);
    expect(await penOf(cow)).toBeNull();
    expect(await movesOf(cow)).toBe(0);
    expect(await inNoSuchPen()).toBe(0);
  });

  it('a group of three: none of them moved', async () => {
    const cows = [await createCow('間a'), await createCow('間b'), await createCow('間c')];
    const pen = await createPen(farmer, '群の間');
    const scope = await scopeWith(() => deletePen(pen));
    const moving = recordEventOnAnimals(scope, {
      animals: cows,
      event: { eventType: 'MOVE_PEN', eventDatetime: at(0), details: { toPenId: pen } },
      namesRefused: true,
    });
    await expect(moving).rejects.toMatchObject(refused);
    expect(await Promise.all(cows.map(penOf))).toEqual([null, null, null]);
    expect(await Promise.all(cows.map(movesOf))).toEqual([0, 0, 0]);
  });

  it('a move corrected to the pen being deleted: the correction is refused, she stays where she was', async () => {
    const cow = await createCow('なおし間');
    const first = await createPen(farmer, '訂正の前');
    const second = await createPen(farmer, '訂正の間');
    const moved = await move(cow, first, -1);
    const scope = await scopeWith(() => deletePen(second));
    const correcting = updateEvent(scope, moved.json.data.eventId, { details: { toPenId: second } });
    await expect(correcting).rejects.toMatchObject(refused);
    expect(await penOf(cow)).toBe(first);
    expect(await penExists(second)).toBe(false);
  });
});

describe('putting an animal back in a pen that is gone', () => {
  it('deleting a move whose pen of origin was deleted since leaves her in no pen', async () => {
    const first = await createPen(farmer, '元の牛房');
    const second = await createPen(farmer, '次の牛房');
    const cow = await createCow('もどり');
    await move(cow, first, -2);
    const later = await move(cow, second, -1);
    expect(later.json.data.details).toEqual({ toPenId: second, fromPenId: first });
    expect((await deletePen(first)).status).toBe(204);
    expect((await call(farmer, `/events/${later.json.data.eventId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await penOf(cow)).toBeNull();
    expect(await inNoSuchPen()).toBe(0);
  });

  it('deleting a death puts her in none when her last move’s pen was deleted while she was dead', async () => {
    const pen = await createPen(farmer, '死亡後に削除');
    const cow = await createCow('しずか');
    await move(cow, pen, -3);
    const death = await call(farmer, '/events', {
      method: 'POST',
      body: { cattleId: cow, eventType: 'DEATH', eventDatetime: at(-1) },
    });
    expect(await penOf(cow)).toBeNull();
    expect((await deletePen(pen)).status).toBe(204);
    expect((await call(farmer, `/events/${death.json.data.eventId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await penOf(cow)).toBeNull();
    expect(await inNoSuchPen()).toBe(0);
  });

  it('refuses correcting a move to a pen the farm does not have (another farm’s, or a deleted one)', async () => {
    const pen = await createPen(farmer, '訂正元');
    const gone = await createPen(farmer, '訂正先（削除）');
    const theirs = await createPen(neighbour, '隣の訂正先');
    const cow = await createCow('なおし');
    const moved = await move(cow, pen, -1);
    expect((await deletePen(gone)).status).toBe(204);
    for (const toPenId of [theirs, gone]) {
      const res = await call(farmer, `/events/${moved.json.data.eventId}`, {
        method: 'PATCH',
        body: { details: { toPenId } },
      });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ field: 'details.toPenId', message: '指定された牛房が見つかりません' });
    }
    expect(await penOf(cow)).toBe(pen);
  });
});
