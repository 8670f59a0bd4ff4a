import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/accounts/login-page';
import { loginSearch } from '../lib/search-params';

export const Route = createFileRoute('/login')({ validateSearch: loginSearch, component: LoginScreen });

function LoginScreen() {
  return <LoginPage search={Route.useSearch()} />;
}
