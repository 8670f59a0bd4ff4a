/** Whether a D1 error is SQLite refusing a duplicate in the unique index over `columns` (e.g. 'cattle.farm_id'). */
export const isUniqueViolation = (err: unknown, columns: string) =>
  `${(err as Error)?.message ?? err} ${(err as { cause?: Error })?.cause?.message ?? ''}`.includes(
    `UNIQUE constraint failed: ${columns}`,
  );

/** SQLite refusing a row whose parent is gone: a write that raced the delete of its animal. */
export const isForeignKeyViolation = (err: unknown) =>
  `${(err as Error)?.message ?? err} ${(err as { cause?: Error })?.cause?.message ?? ''}`.includes(
    'FOREIGN KEY constraint failed',
  );
