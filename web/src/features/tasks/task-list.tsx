import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDateJa, todayJst } from '@worker/domain/calendar';
import { skipTaskSchema } from '@worker/domain/programmes';
import { useState } from 'react';
import { isQueued } from '../../api/queued';
import { doneTask, skipTask, type Task, taskKeys } from '../../api/tasks';
import { Dialog } from '../../components/dialog';
import { FormError, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { describeError } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import './messages';
import './tasks.css';

/** After a task changes: every task list, home and 今日の巡回 read again. */
function useTaskChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['home'] }),
    ]);
}

/** Skipping a task: the reason, checked with the API's own schema. */
export function SkipForm({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const { t } = useI18n();
  const changed = useTaskChanged();
  const form = useSchemaForm({
    schema: skipTaskSchema,
    values: (data) => ({ reason: String(data.get('reason') ?? '') }),
    submit: ({ reason }) => skipTask(taskId, reason),
    onSaved: async () => {
      await changed();
      onClose();
    },
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <FormError message={form.message} />
      <TextField name="reason" label={t('tasks.skipReason')} error={form.errors.reason} required maxLength={200} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <SubmitButton pending={form.saving}>{t('tasks.skip')}</SubmitButton>
      </div>
    </form>
  );
}

function SkipDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog open title={t('tasks.skipTitle')} onClose={onClose}>
      <SkipForm taskId={task.id} onClose={onClose} />
    </Dialog>
  );
}

const animalOf = (task: Task) => [task.earTagNumber, task.name].filter(Boolean).join(' ') || `#${task.cattleId}`;

/** One task: the animal, the step, when it is due, and (open, for a member who records) 完了 and スキップ. */
function TaskRow({ task, canWrite }: { task: Task; canWrite: boolean }) {
  const { t } = useI18n();
  const changed = useTaskChanged();
  const [skipping, setSkipping] = useState(false);
  const [queued, setQueued] = useState(false);
  const done = useMutation({
    mutationFn: () => doneTask(task),
    onSuccess: async (answer) => {
      if (isQueued(answer)) setQueued(true);
      else await changed();
    },
  });
  const today = todayJst();
  const when = task.dueDate < today ? 'overdue' : task.dueDate === today ? 'today' : 'later';
  const label = t('tasks.taskFor', { animal: animalOf(task), title: task.title });
  return (
    <li className={`task-row task-row--${task.status}`}>
      <div className="task-row__body">
        <p className="task-row__title">
          <Link to="/cattle/$id" params={{ id: String(task.cattleId) }}>
            {animalOf(task)}
          </Link>{' '}
          <strong>{task.title}</strong>
        </p>
        <p className="task-row__meta">
          <span className={`due due--${when}`}>
            {when === 'overdue' ? `${t('tasks.overdue')} ` : ''}
            {when === 'today' ? t('tasks.today') : t('tasks.due', { date: formatDateJa(task.dueDate) })}
          </span>{' '}
          <span className="muted">{task.programmeName}</span>
        </p>
        {queued ? (
          <p className="task-row__queued" role="status">
            {t('tasks.queued')}
          </p>
        ) : null}
        <FormError message={done.error ? describeError(done.error).message : null} />
      </div>
      {canWrite && task.status === 'open' && !queued ? (
        <div className="task-row__actions">
          <button
            type="button"
            className="button button--primary"
            aria-label={`${t('tasks.done')}: ${label}`}
            disabled={done.isPending}
            aria-busy={done.isPending}
            onClick={() => done.mutate()}
          >
            {t('tasks.done')}
          </button>
          <button
            type="button"
            className="button"
            aria-label={`${t('tasks.skip')}: ${label}`}
            onClick={() => setSkipping(true)}
          >
            {t('tasks.skip')}
          </button>
        </div>
      ) : (
        <span className="task-row__status">
          {t(`tasks.status${task.status[0].toUpperCase()}${task.status.slice(1)}`)}
        </span>
      )}
      {skipping ? <SkipDialog task={task} onClose={() => setSkipping(false)} /> : null}
    </li>
  );
}

export function TaskList({ tasks, canWrite }: { tasks: readonly Task[]; canWrite: boolean }) {
  return (
    <ul className="task-list">
      {tasks.map((task) => (
        <TaskRow key={task.id} task={task} canWrite={canWrite} />
      ))}
    </ul>
  );
}
