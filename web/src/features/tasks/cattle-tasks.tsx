import { useQuery } from '@tanstack/react-query';
import { useCurrentFarm } from '../../api/farms';
import { tasksQuery } from '../../api/tasks';
import { useI18n } from '../../lib/i18n';
import { TaskList } from './task-list';
import './messages';

/**
 * The animal's page: her open tasks and those a protocol's stop cancelled, with the reason (§22 turn 4). Nothing when
 * she has none, or when the page is open offline (the tasks are not kept on the device).
 */
export function CattleTasks({ cattleId }: { cattleId: number }) {
  const { t } = useI18n();
  const { current } = useCurrentFarm();
  const list = useQuery(tasksQuery({ cattleId }));
  const shown = (list.data?.data ?? []).filter((task) => task.status === 'open' || task.cancelReason !== null);
  if (shown.length === 0) return null;
  return (
    <section className="card cattle-tasks" aria-labelledby="cattle-tasks-title">
      <h2 id="cattle-tasks-title">{t('programmes.animalTasks')}</h2>
      <TaskList tasks={shown} canWrite={current?.role !== 'viewer'} />
    </section>
  );
}
