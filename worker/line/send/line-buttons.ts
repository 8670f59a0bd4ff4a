/** The one-use 完了 buttons of tasks (docs/product.md §25), for '今日' and the morning digest's LINE push. */
import type { Db } from '../../db/client';
import { newAction } from './line-actions';
import { type LineAction, MAX_QUICK_REPLIES, postback } from './line-messages';

/** A task's 完了 button's payload. */
export interface TaskTick {
  farmId: number;
  taskId: number;
  label: string;
}

/** The buttons '完了 1' … of tasks, numbered as the text numbers them (at most 13), each its own one-use action. */
export function taskButtons(
  directory: Db,
  owner: { lineUserId: string; userId: number },
  farmId: number,
  list: readonly { taskId: number; label: string }[],
) {
  const made = list.slice(0, MAX_QUICK_REPLIES).map((task, i) => {
    const payload: TaskTick = { farmId, taskId: task.taskId, label: task.label };
    const action = newAction(directory, owner, 'task', payload);
    return { insert: action.insert, button: postback(`完了 ${i + 1}`, `${action.id}|done`) as LineAction };
  });
  return { writes: made.map((m) => m.insert), buttons: made.map((m) => m.button) };
}
