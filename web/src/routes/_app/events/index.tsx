import { createFileRoute } from '@tanstack/react-router';
import { eventsLogQuery } from '../../../api/events';
import { EventsPage, eventFilters } from '../../../features/events/events-page';
import { eventsSearch } from '../../../features/events/events-search';

export const Route = createFileRoute('/_app/events/')({
  validateSearch: eventsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(eventsLogQuery(eventFilters(deps))),
  component: EventsScreen,
});

function EventsScreen() {
  return <EventsPage search={Route.useSearch()} />;
}
