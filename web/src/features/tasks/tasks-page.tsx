import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCurrentFarm } from '../../api/farms';
import { type TaskFilters, tasksQuery } from '../../api/tasks';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { TaskList } from './task-list';
import './messages';

const STATUSES = ['open', 'done', 'skipped', 'cancelled'] as const;

/** /tasks: the farm's tasks by due date, filtered by status, dates and 自分の担当 (the filters live in the URL). */
export function TasksPage({ filters }: { filters: TaskFilters }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const list = useQuery(tasksQuery(filters));
  const { current } = useCurrentFarm();
  const set = (change: Partial<TaskFilters>) =>
    void navigate({ to: '/tasks', search: { ...filters, ...change }, replace: true });
  return (
    <div className="page tasks-page">
      <h1>{t('tasks.pageTitle')}</h1>
      <form className="tasks-filters" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="task-status">{t('tasks.status')}</label>
          <select
            id="task-status"
            value={filters.status ?? ''}
            onChange={(e) => set({ status: (e.target.value || undefined) as TaskFilters['status'] })}
          >
            <option value="">{t('tasks.statusAll')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`tasks.status${s[0].toUpperCase()}${s.slice(1)}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="task-from">{t('tasks.from')}</label>
          <input
            id="task-from"
            type="date"
            value={filters.from ?? ''}
            onChange={(e) => set({ from: e.target.value || undefined })}
          />
        </div>
        <div className="field">
          <label htmlFor="task-to">{t('tasks.to')}</label>
          <input
            id="task-to"
            type="date"
            value={filters.to ?? ''}
            onChange={(e) => set({ to: e.target.value || undefined })}
          />
        </div>
        <label className="checkbox tasks-filters__mine">
          <input
            type="checkbox"
            checked={filters.mine === true}
            onChange={(e) => set({ mine: e.target.checked || undefined })}
          />
          {t('tasks.mine')}
        </label>
      </form>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title={t('tasks.empty')} />
      ) : (
        <TaskList tasks={list.data.data} canWrite={current?.role !== 'viewer'} />
      )}
    </div>
  );
}
