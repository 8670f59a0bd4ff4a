import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ListChecks } from 'lucide-react';
import { useCurrentFarm } from '../../api/farms';
import { homeQuery } from '../../api/home';
import { ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { TaskList } from './task-list';
import './messages';

/** For /home: 今日の作業 — open tasks due today and overdue, mine first — from GET /home's own answer. */
export function TodayTasks({ max = 10 }: { max?: number }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  // The home screen fetches GET /home; this card reads its answer and does not fetch it a second time on mount.
  const home = useQuery({ ...homeQuery(queryClient), refetchOnMount: false });
  const { current } = useCurrentFarm();
  return (
    <section className="card today-tasks" aria-labelledby="today-tasks-title">
      <h2 id="today-tasks-title" className="today-tasks__title">
        <ListChecks size={20} aria-hidden="true" />
        {t('tasks.todayTitle')}
      </h2>
      {home.isPending ? (
        <Loading />
      ) : home.isError ? (
        <ErrorState error={home.error} onRetry={() => home.refetch()} />
      ) : home.data.tasks.length === 0 ? (
        <p className="muted">{t('tasks.todayEmpty')}</p>
      ) : (
        <TaskList tasks={home.data.tasks.slice(0, max)} canWrite={current?.role !== 'viewer'} />
      )}
      <Link to="/tasks" className="button button--block today-tasks__all">
        {t('tasks.seeAll')}
      </Link>
    </section>
  );
}
