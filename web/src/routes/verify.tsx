import { createFileRoute } from '@tanstack/react-router';
import { VerifyPage } from '../features/accounts/verify-page';
import { tokenSearch } from '../lib/search-params';

export const Route = createFileRoute('/verify')({ validateSearch: tokenSearch, component: VerifyScreen });

function VerifyScreen() {
  return <VerifyPage token={Route.useSearch().token} />;
}
