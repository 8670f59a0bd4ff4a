/**
 * 今日 in the chat (docs/product.md §25): the LINE farm's high alerts and the tasks due today or overdue, each task
 * with a one-use 完了 button that marks it done as POST /tasks/{id}/done does. The morning digest's LINE push carries
 * the same buttons.
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { type Db, directoryDb, shardDb } from '../db/client';
import { alerts, cattle, tasks } from '../db/schema';
import type { Scope } from '../db/scope';
import { type IsoDate, todayJst } from '../domain/calendar';
import { monthDay as monthDayOf } from '../domain/line-grammar';
import { roleAllows } from '../domain/roles';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import { completeTask } from '../tasks/tasks.service';
import type { LineAccount } from './line.statements';
import { type Answer, type Owner, say } from './line-record';
import { type TaskTick, taskButtons } from './send/line-buttons';
import { LINE_REPLIES, textMessage } from './send/line-messages';

/** '今日' lists at most this many alerts and tasks together, then '他N件'. */
const TODAY_ITEMS = 10;

const label = (a: { earTag: string | null; name: string | null; cattleId: number }) =>
  [a.earTag, a.name].filter(Boolean).join(' ') || `牛ID ${a.cattleId}`;

async function todayOf(db: Db, farmId: number, today: IsoDate) {
  const [high, due] = await db.batch([
    db
      .select({
        cattleId: alerts.cattleId,
        earTag: alerts.cattleEarTagNumber,
        name: alerts.cattleName,
        message: alerts.message,
      })
      .from(alerts)
      .where(
        and(eq(alerts.farmId, farmId), inArray(alerts.status, ['active', 'acknowledged']), eq(alerts.severity, 'high')),
      )
      .orderBy(asc(alerts.dueAt), asc(alerts.id)),
    db
      .select({
        taskId: tasks.id,
        cattleId: tasks.cattleId,
        earTag: cattle.earTagNumber,
        name: cattle.name,
        title: tasks.title,
        dueDate: tasks.dueDate,
      })
      .from(tasks)
      .innerJoin(cattle, eq(cattle.cattleId, tasks.cattleId))
      .where(and(eq(tasks.farmId, farmId), eq(tasks.status, 'open'), lte(tasks.dueDate, today)))
      .orderBy(asc(tasks.dueDate), asc(tasks.id)),
  ]);
  return { high, due };
}

/** '今日' / '作業': the tasks first (numbered, each with 完了), then the high alerts; 10 in all, then '他N件'. */
export async function todayAnswer(env: Env, owner: Owner, account: LineAccount): Promise<Answer> {
  const farm = account.farms[0];
  if (!farm) return say(LINE_REPLIES.noFarm);
  const today = todayJst();
  const { high, due } = await todayOf(shardDb(env, farm.shard), farm.farmId, today);
  if (high.length + due.length === 0) return say(LINE_REPLIES.nothingToday(farm.name));
  const shownTasks = due.slice(0, TODAY_ITEMS);
  const shownAlerts = high.slice(0, TODAY_ITEMS - shownTasks.length);
  const more = due.length + high.length - shownTasks.length - shownAlerts.length;
  const lines = [
    `${farm.name}の今日（${monthDayOf(today)}）`,
    ...shownTasks.map(
      (t, i) => `${i + 1}. ${label(t)}：${t.title}${t.dueDate < today ? `（期限 ${monthDayOf(t.dueDate)}）` : ''}`,
    ),
    ...shownAlerts.map((a) => `・${label(a)}：${a.message}`),
    ...(more > 0 ? [`他${more}件`] : []),
  ];
  if (!roleAllows(farm.role, 'staff')) return say(lines.join('\n'));
  const { writes, buttons } = taskButtons(
    directoryDb(env),
    owner,
    farm.farmId,
    shownTasks.map((t) => ({ taskId: t.taskId, label: `${label(t)} ${t.title}` })),
  );
  return { messages: [textMessage(lines.join('\n'), buttons)], writes };
}

/** 完了: the task marked done as POST /tasks/{id}/done marks it, once; a second tap → '記録済みです'. */
export async function tickTask(scope: Scope, tick: TaskTick): Promise<string> {
  try {
    await completeTask(scope, tick.taskId, {}, 'line');
  } catch (err) {
    if (err instanceof AppError && err.code === 'TASK_ALREADY_DONE') return LINE_REPLIES.alreadyDone;
    if (err instanceof AppError && err.status < 500) return err.message;
    throw err;
  }
  return LINE_REPLIES.taskDone(tick.label);
}
