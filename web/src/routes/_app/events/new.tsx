import { createFileRoute } from '@tanstack/react-router';
import { EventNewPage } from '../../../features/events/event-new-page';
import { eventNewSearch } from '../../../features/events/events-search';

export const Route = createFileRoute('/_app/events/new')({
  validateSearch: eventNewSearch,
  component: EventNewScreen,
});

function EventNewScreen() {
  return <EventNewPage search={Route.useSearch()} />;
}
