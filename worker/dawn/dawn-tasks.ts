/** What the dawn run does for programmes (docs/product.md §22): the age trigger, and the digest's tasks. */
import { and, asc, eq, lte } from 'drizzle-orm';
import { runBatch } from '../db/batch';
import type { Db } from '../db/client';
import { cattle, tasks } from '../db/schema';
import type { IsoDate } from '../domain/calendar';
import type { DigestTask } from '../domain/programmes';
import { escapeHtml } from '../lib/html';
import { ageTriggerStatements } from '../programmes/programmes.statements';

/** Enrols the farm's animals that are an age-triggered programme's days old today (or on a missed morning). */
export async function enrolByAge(db: Db, farmId: number, today: IsoDate, now = new Date().toISOString()) {
  const [enrolled, created] = await runBatch(db, ageTriggerStatements(farmId, today, now));
  const changes = (r: unknown) => (r as { meta?: { changes?: number } }).meta?.changes ?? 0;
  return { enrolments: changes(enrolled), tasks: changes(created) };
}

/** The farm's open tasks due today or earlier, for the morning digest (by due date). */
export const digestTasks = (db: Db, farmId: number, today: IsoDate): Promise<DigestTask[]> =>
  db
    .select({
      taskId: tasks.id,
      cattleId: tasks.cattleId,
      cattleName: cattle.name,
      cattleEarTagNumber: cattle.earTagNumber,
      title: tasks.title,
      dueDate: tasks.dueDate,
    })
    .from(tasks)
    .innerJoin(cattle, eq(cattle.cattleId, tasks.cattleId))
    .where(and(eq(tasks.farmId, farmId), eq(tasks.status, 'open'), lte(tasks.dueDate, today)))
    .orderBy(asc(tasks.dueDate), asc(tasks.id));

/** The digest mail's HTML of today's tasks (digestTaskLines): the heading, then a list; nothing without tasks. */
export const taskLinesHtml = (lines: readonly string[]): string =>
  lines.length === 0
    ? ''
    : `<p>${escapeHtml(lines[0])}</p>\n<ul>${lines
        .slice(1)
        .map((l) => `<li>${escapeHtml(l.replace(/^・/, ''))}</li>`)
        .join('')}</ul>\n`;
