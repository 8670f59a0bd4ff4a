import { createFileRoute } from '@tanstack/react-router';
import { jstMonth } from '@worker/domain/calendar';
import { plannedShipmentsQuery, scheduleQuery } from '../../api/events';
import { scheduleSearch } from '../../features/events/events-search';
import { SchedulePage } from '../../features/events/schedule-page';

export const Route = createFileRoute('/_app/schedule')({
  validateSearch: scheduleSearch,
  loaderDeps: ({ search }) => ({ month: search.month ?? jstMonth() }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(scheduleQuery(deps.month));
    void context.queryClient.prefetchQuery(plannedShipmentsQuery(deps.month));
  },
  component: ScheduleScreen,
});

function ScheduleScreen() {
  return <SchedulePage search={Route.useSearch()} />;
}
