import { createFileRoute } from '@tanstack/react-router';
import { CompletePage } from '../features/accounts/complete-page';
import { tokenSearch } from '../lib/search-params';

export const Route = createFileRoute('/complete')({ validateSearch: tokenSearch, component: CompleteScreen });

function CompleteScreen() {
  return <CompletePage token={Route.useSearch().token ?? ''} />;
}
