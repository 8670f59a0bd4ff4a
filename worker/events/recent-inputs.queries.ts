import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** How many recent services are read, and how many names of each kind are offered. */
const SERVICES_READ = 200;
const OFFERED = 8;

/**
 * The sires and technicians of the farm's last services, most recently used first, in one statement (the farm's
 * services by time come from events_farm_type_time_cattle_idx). A sire carries the breed recorded with its last use.
 */
export async function recentServiceInputs(db: Db, farmId: number) {
  const rows = await db.all<{ kind: 'sire' | 'technician'; value: string; breed: string | null }>(sql`
    with recent as (
      select event_datetime, event_id, details from events
      where farm_id = ${farmId} and event_type = 'INSEMINATION' and details is not null
      order by event_datetime desc, event_id desc limit ${SERVICES_READ}
    ), named as (
      select 'sire' as kind, trim(json_extract(details, '$.sireName')) as value,
        nullif(trim(json_extract(details, '$.sireBreed')), '') as breed, event_datetime, event_id from recent
      union all
      select 'technician', trim(json_extract(details, '$.technician')), null, event_datetime, event_id from recent
    ), ranked as (
      select kind, value, breed,
        row_number() over (partition by kind, value order by event_datetime desc, event_id desc) as nth,
        event_datetime, event_id from named where value is not null and value <> ''
    )
    select kind, value, breed from ranked where nth = 1 order by event_datetime desc, event_id desc`);
  const sires = rows.filter((r) => r.kind === 'sire').slice(0, OFFERED);
  const technicians = rows.filter((r) => r.kind === 'technician').slice(0, OFFERED);
  return {
    sires: sires.map((r) => ({ name: r.value, breed: r.breed })),
    technicians: technicians.map((r) => r.value),
  };
}
