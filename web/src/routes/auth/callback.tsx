import { createFileRoute } from '@tanstack/react-router';
import { AuthCallbackPage } from '../../features/accounts/auth-callback-page';
import { callbackSearch } from '../../lib/search-params';

export const Route = createFileRoute('/auth/callback')({
  validateSearch: callbackSearch,
  component: AuthCallbackPage,
});
