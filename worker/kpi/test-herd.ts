import { dateOfDay, type KpiCowRow, parseTimeline } from '../domain/kpi';
import { shardOf } from '../test/shards';

/** The KPI route tests' herd: fixture cows (worker/domain/kpi.fixtures.ts) written on a farm with plain SQL. */
let identification = 4_000_000_000;
const EVENT_OF: Record<string, [string, Record<string, unknown> | null]> = {
  I: ['INSEMINATION', null],
  P: ['PREGNANCY_CHECK', { result: 'PREGNANT' }],
  O: ['PREGNANCY_CHECK', { result: 'OPEN' }],
  E: ['ESTRUS', null],
  C: ['CALVING', null],
  S: ['STILLBIRTH', null],
  A: ['ABORTION', null],
  X: ['SHIPMENT', null],
  R: ['ARRIVAL', null],
};

/** Registers the fixture cows on the member's farm and records their timelines with plain SQL, at 09:00 JST. */
export async function recordHerd(member: { farmId: number; userId: number }, cows: KpiCowRow[]) {
  const ids = new Map<number, number>();
  const shard = await shardOf(member.farmId);
  for (const cow of cows) {
    const row = await shard
      .prepare(
        `INSERT INTO cattle (farm_id, created_by, identification_number, ear_tag_number, name, gender, birthday)
       VALUES (?, ?, ?, ?, ?, '雌', ?) RETURNING cattle_id`,
      )
      .bind(member.farmId, member.userId, String(++identification), cow.earTagNumber, cow.name, cow.birthday)
      .first<{ cattle_id: number }>();
    ids.set(cow.cattleId, row!.cattle_id);
    await shard
      .prepare('INSERT INTO breeding_status (cattle_id, initial_parity, parity) VALUES (?, ?, ?)')
      .bind(row!.cattle_id, cow.initialParity, cow.initialParity)
      .run();
    const events = parseTimeline(cow.timeline);
    if (!events.length) continue;
    await shard.batch(
      events.map((e) => {
        const [type, details] = EVENT_OF[e.code];
        return shard
          .prepare(
            'INSERT INTO events (cattle_id, farm_id, created_by, event_type, event_datetime, details) VALUES (?, ?, ?, ?, ?, ?)',
          )
          .bind(
            row!.cattle_id,
            member.farmId,
            member.userId,
            type,
            new Date(`${dateOfDay(e.day)}T09:00:00+09:00`).toISOString(),
            details ? JSON.stringify(details) : null,
          );
      }),
    );
  }
  return ids;
}
