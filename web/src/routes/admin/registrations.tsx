import { createFileRoute } from '@tanstack/react-router';
import { RegistrationsPage } from '../../features/admin/registrations-page';
import { registrationsSearch } from '../../features/admin/registrations-search';

/** The admin area: its own Basic credentials, outside the farmer's app. */
export const Route = createFileRoute('/admin/registrations')({
  validateSearch: registrationsSearch,
  component: RegistrationsScreen,
});

function RegistrationsScreen() {
  return <RegistrationsPage search={Route.useSearch()} />;
}
