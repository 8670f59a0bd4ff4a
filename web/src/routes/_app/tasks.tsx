import { createFileRoute } from '@tanstack/react-router';
import { type TaskFilters, tasksQuery } from '../../api/tasks';
import { TasksPage } from '../../features/tasks/tasks-page';

const STATUSES = ['open', 'done', 'skipped', 'cancelled'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The task list's filters in the URL; unknown values are dropped. Without any, the open tasks. */
function tasksSearch(search: Record<string, unknown>): TaskFilters {
  const date = (v: unknown) => (typeof v === 'string' && DATE.test(v) ? v : undefined);
  return {
    status: STATUSES.find((s) => s === search.status) ?? (search.status === undefined ? 'open' : undefined),
    from: date(search.from),
    to: date(search.to),
    mine: search.mine === true || search.mine === 'true' ? true : undefined,
  };
}

function TasksRoute() {
  return <TasksPage filters={Route.useSearch()} />;
}

export const Route = createFileRoute('/_app/tasks')({
  validateSearch: tasksSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(tasksQuery(deps)),
  component: TasksRoute,
});
