/**
 * The SQL that writes alerts and their history, in multi-row statements that stay within D1's 100 bound
 * parameters per statement. Shared by the create use case, regeneration and the status calls.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AlertSeverity } from '../domain/alerts';
import { sha256Hex } from '../lib/crypto';

const MAX_BOUND_PARAMETERS = 100;

/** An alert's identity is (owner, cattle, type, due date): the same condition always gets the same id. */
export const alertId = (farmId: number, cattleId: number, type: string, dueAt: string | null) =>
  sha256Hex(`${farmId}|${cattleId}|${type}|${dueAt ?? ''}`);

export interface AlertInsert {
  id: string;
  type: string;
  severity: AlertSeverity;
  cattleId: number;
  cattleName: string | null;
  cattleEarTagNumber: string | null;
  dueAt: string | null;
  message: string;
  memo: string | null;
  farmId: number;
}

export const chunk = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Bound parameters per inserted alert (created_by is read from the animal: the user who registered it). */
const INSERT_COLUMNS = 13;

/** New alerts (status active); an id that already exists is left as it is. */
export function insertAlertsStatements(rows: readonly AlertInsert[], now: string): SQL[] {
  return chunk(rows, Math.floor(MAX_BOUND_PARAMETERS / INSERT_COLUMNS)).map((part) => {
    const values = sql.join(
      part.map(
        (r) =>
          sql`(${r.id}, ${r.type}, ${r.severity}, 'active', ${r.cattleId}, ${r.cattleName}, ${r.cattleEarTagNumber}, ${r.dueAt}, ${r.message}, ${r.memo}, ${r.farmId}, (select created_by from cattle where cattle_id = ${r.cattleId}), ${now}, ${now})`,
      ),
      sql`, `,
    );
    return sql`insert into alerts (id, type, severity, status, cattle_id, cattle_name, cattle_ear_tag_number, due_at, message, memo, farm_id, created_by, created_at, updated_at)
      values ${values} on conflict (id) do nothing`;
  });
}

/** 'created' history rows for the alerts of `ids` that this write inserted (their created_at is `now`). */
export function createdHistoryStatements(ids: readonly string[], changedBy: string, now: string): SQL[] {
  return chunk(ids, MAX_BOUND_PARAMETERS - 4).map(
    (
      part,
    ) => sql`insert into alert_history (alert_id, action, previous_status, new_status, changed_by, reason, created_at)
      select id, 'created', null, status, ${changedBy}, null, ${now} from alerts
      where id in (${sql.join(
        part.map((id) => sql`${id}`),
        sql`, `,
      )}) and created_at = ${now}`,
  );
}

export interface AlertRefresh {
  id: string;
  severity: AlertSeverity;
  message: string;
  cattleName: string | null;
  cattleEarTagNumber: string | null;
}

const REFRESH_COLUMNS = 5;

/** Refreshes the computed fields (day counts, animal name) of open alerts; status and memo are untouched. */
export function refreshAlertsStatements(rows: readonly AlertRefresh[], now: string): SQL[] {
  return chunk(rows, Math.floor((MAX_BOUND_PARAMETERS - 1) / REFRESH_COLUMNS)).map((part) => {
    const values = sql.join(
      part.map((r) => sql`(${r.id}, ${r.severity}, ${r.message}, ${r.cattleName}, ${r.cattleEarTagNumber})`),
      sql`, `,
    );
    return sql`with fresh (id, severity, message, cattle_name, ear_tag) as (values ${values})
      update alerts set severity = fresh.severity, message = fresh.message, cattle_name = fresh.cattle_name,
        cattle_ear_tag_number = fresh.ear_tag, updated_at = ${now}
      from fresh where alerts.id = fresh.id`;
  });
}

export const SYSTEM = 'system';
export const CONDITION_CLEARED = '条件が解消されました';

/**
 * Resolves the still-open alerts of `ids` by the system: the history rows first (they read the status before
 * the change), then the update. Run each pair in one batch.
 */
export function systemResolveStatements(ids: readonly string[], now: string): SQL[] {
  return chunk(ids, MAX_BOUND_PARAMETERS - 6).flatMap((part) => {
    const list = sql.join(
      part.map((id) => sql`${id}`),
      sql`, `,
    );
    return [
      sql`insert into alert_history (alert_id, action, previous_status, new_status, changed_by, reason, created_at)
        select id, 'resolved', status, 'resolved', ${SYSTEM}, ${CONDITION_CLEARED}, ${now} from alerts
        where id in (${list}) and status in ('active', 'acknowledged')`,
      sql`update alerts set status = 'resolved', resolved_at = coalesce(resolved_at, ${now}), updated_at = ${now}
        where id in (${list}) and status in ('active', 'acknowledged')`,
    ];
  });
}
