/**
 * The one way an audit row is written (docs/product.md §23, decision 042): `auditStatement` returns the insert that a
 * write service appends to the SAME D1 batch as the write it records. Every service that writes farm data calls it —
 * cattle, events, shipments, plans, alerts, members, farm settings, imports, and the filings, programmes and tasks.
 */
import { is, SQL, sql } from 'drizzle-orm';
import { runBatch } from '../db/batch';
import type { Db } from '../db/client';
import type { Scope } from '../db/scope';
import { type AuditAction, type AuditChanges, type AuditEntity, auditChanges } from '../domain/audit';

/** Who wrote: the farm, and the acting user with their name (null user: the app's own change). */
export type AuditWriter = Pick<Scope, 'farmId' | 'userId' | 'userName'>;

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  /** The row's id; an SQL expression for a row inserted earlier in the same batch (e.g. the farm's newest animal). */
  entityId: number | string | SQL;
  /** `{ field: [before, after] }` (auditChanges), the rows to compare, or a JSON object built in SQL in the batch. */
  changes?: AuditChanges | { before: Record<string, unknown> | null; after: Record<string, unknown> | null } | SQL;
  /** ISO instant of the write; now by default. */
  at?: string;
  /** Written only when this holds inside the batch (e.g. the write it records found its row). */
  when?: SQL;
}

const asChanges = (changes: Exclude<AuditEntry['changes'], SQL>): AuditChanges => {
  if (!changes) return {};
  if ('before' in changes && 'after' in changes && !Array.isArray(changes.before) && !Array.isArray(changes.after)) {
    return auditChanges(
      changes.before as Record<string, unknown> | null,
      changes.after as Record<string, unknown> | null,
    );
  }
  return changes as AuditChanges;
};

/** The audit row of one write, for the write's own batch. */
export function auditStatement(writer: AuditWriter, entry: AuditEntry): SQL {
  const id = typeof entry.entityId === 'object' ? sql`cast(${entry.entityId} as text)` : String(entry.entityId);
  const at = entry.at ?? new Date().toISOString();
  const changes = is(entry.changes, SQL) ? entry.changes : JSON.stringify(asChanges(entry.changes));
  return sql`insert into audit_log (farm_id, at, user_id, user_name, action, entity, entity_id, changes)
    select ${writer.farmId}, ${at}, ${writer.userId || null}, ${writer.userName || null}, ${entry.action},
      ${entry.entity}, ${id}, ${changes} where ${entry.when ?? sql`1`}`;
}

/** Only the fields of `row` named in `fields` (an audit row's before or after, without what is not shown). */
export const pick = (row: Record<string, unknown> | null | undefined, fields: readonly string[]) =>
  row ? Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]])) : null;

/**
 * Writes one audit row on its own, for a write whose rows live in another database (members and farm settings are
 * in the directory, the audit row on the farm's shard): right after that write, as its own batch (decision 042).
 */
export async function recordAudit(shard: Db, writer: AuditWriter, entry: AuditEntry): Promise<void> {
  await runBatch(shard, [auditStatement(writer, entry)]);
}
