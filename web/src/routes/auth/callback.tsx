import { createFileRoute } from '@tanstack/react-router';
import { AuthCallbackPage } from '../../features/accounts/auth-callback-page';
import { searchOf, text } from '../../lib/search-params';

export const Route = createFileRoute('/auth/callback')({
  validateSearch: searchOf({ token: text, redirect: text }),
  component: AuthCallbackPage,
});
