/**
 * The change history's rules (docs/product.md §23): what an audit row records of a write, field by field. Pure: the
 * services put the row in the same D1 batch as the write it records.
 */

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'restore', 'import', 'invite'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITIES = [
  'cattle',
  'event',
  'shipment',
  'plan',
  'alert',
  'member',
  'farm',
  'import',
  'filing',
  'programme',
  'task',
  'pen',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** `{ field: [before, after] }` of the fields that changed; a created row has `null` befores, a deleted one `null` afters. */
export type AuditChanges = Record<string, [unknown, unknown]>;

const same = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return false;
};

/**
 * The changes between two versions of a row, over `fields` (or every field either has). Bookkeeping fields that
 * every write moves (`updatedAt`, `version`) are left out unless named.
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fields?: readonly string[],
): AuditChanges {
  const names = fields ?? [
    ...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})].filter((f) => !BOOKKEEPING.has(f))),
  ];
  const changes: AuditChanges = {};
  for (const name of names) {
    const was = before ? (before[name] ?? null) : null;
    const now = after ? (after[name] ?? null) : null;
    if (!same(was, now)) changes[name] = [was, now];
  }
  return changes;
}

const BOOKKEEPING = new Set(['updatedAt', 'createdAt', 'version', 'updatedBy', 'createdBy']);

/** Days an animal or event stays in the trash before the dawn run purges it. */
export const TRASH_DAYS = 30;
