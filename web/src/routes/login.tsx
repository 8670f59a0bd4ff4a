import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/accounts/login-page';
import { searchOf, text } from '../lib/search-params';

export const Route = createFileRoute('/login')({
  validateSearch: searchOf({ redirect: text, error: text, details: text }),
  component: LoginPage,
});
