import { createFileRoute } from '@tanstack/react-router';
import { type TaskFilters, tasksQuery } from '../../api/tasks';
import { TasksPage } from '../../features/tasks/tasks-page';
import { flag, isoDate, oneOf, searchOf } from '../../lib/search-params';

const taskFilters = searchOf({
  status: oneOf(['open', 'done', 'skipped', 'cancelled']),
  from: isoDate,
  to: isoDate,
  mine: flag,
});

/** The task list's filters in the URL; unknown values are dropped. Without a status, the open tasks. */
const tasksSearch = (search: Record<string, unknown>): TaskFilters => ({ status: 'open', ...taskFilters(search) });

function TasksRoute() {
  return <TasksPage filters={Route.useSearch()} />;
}

export const Route = createFileRoute('/_app/tasks')({
  validateSearch: tasksSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(tasksQuery(deps)),
  component: TasksRoute,
});
