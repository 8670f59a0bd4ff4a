import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDateJa, todayJst } from '@worker/domain/calendar';
import { programmeWords } from '@worker/domain/programme-words';
import { lazy, Suspense, useState } from 'react';
import { isQueued } from '../../api/queued';
import { doneTask, type Task } from '../../api/tasks';
import { FormError } from '../../components/form';
import { describeError } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import './messages';
import { useTaskChanged } from './use-task-changed';
import './tasks.css';

/**
 * The skip dialog's form and the API's schema it checks load when a task is first skipped: /home lists tasks, and its
 * first visit would otherwise build that schema (and load zod) before today's alerts show (decision 028).
 */
const SkipDialog = lazy(() => import('./skip-form').then(({ SkipDialog }) => ({ default: SkipDialog })));

const animalOf = (task: Task) => [task.earTagNumber, task.name].filter(Boolean).join(' ') || `#${task.cattleId}`;

/**
 * One task: the animal, the step, when it is due, and (open, for a member who records) 完了 and スキップ; a task a
 * protocol's stop cancelled shows 中止 and why ('中止：授精が記録されました', §22 turn 4).
 */
function TaskRow({ task, canWrite }: { task: Task; canWrite: boolean }) {
  const { t, locale } = useI18n();
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
  const label = t('tasks.taskFor', { animal: animalOf(task), title: programmeWords(task.title, locale) });
  return (
    <li className={`task-row task-row--${task.status}`}>
      <div className="task-row__body">
        <p className="task-row__title">
          <Link to="/cattle/$id" params={{ id: String(task.cattleId) }}>
            {animalOf(task)}
          </Link>{' '}
          <strong>{programmeWords(task.title, locale)}</strong>
        </p>
        <p className="task-row__meta">
          <span className={`due due--${when}`}>
            {when === 'overdue' ? `${t('tasks.overdue')} ` : ''}
            {when === 'today' ? t('tasks.today') : t('tasks.due', { date: formatDateJa(task.dueDate) })}
          </span>{' '}
          <span className="muted">{programmeWords(task.programmeName, locale)}</span>
        </p>
        {task.cancelReason ? <p className="task-row__reason">{task.cancelReason}</p> : null}
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
          {task.cancelReason
            ? t('tasks.statusStopped')
            : t(`tasks.status${task.status[0].toUpperCase()}${task.status.slice(1)}`)}
        </span>
      )}
      {skipping ? (
        <Suspense fallback={null}>
          <SkipDialog task={task} onClose={() => setSkipping(false)} />
        </Suspense>
      ) : null}
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
