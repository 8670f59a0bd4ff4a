import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/accounts/reset-password-page';
import { tokenSearch } from '../lib/search-params';

export const Route = createFileRoute('/reset-password')({ validateSearch: tokenSearch, component: ResetScreen });

function ResetScreen() {
  return <ResetPasswordPage token={Route.useSearch().token ?? ''} />;
}
