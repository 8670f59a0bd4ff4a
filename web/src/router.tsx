import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { z } from 'zod';
import { AppShell } from './components/app-shell';
import { ErrorState, Loading } from './components/states';
import { getToken } from './lib/auth-token';
import { meQuery } from './lib/session';

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  pendingComponent: () => <Loading />,
  errorComponent: ({ error, reset }) => <ErrorState error={error} onRetry={reset} />,
});

const lazy = (load: () => Promise<Record<string, unknown>>, name: string) =>
  lazyRouteComponent(load as () => Promise<Record<string, React.ComponentType>>, name);

// Public pages
const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: lazy(() => import('./features/landing/landing-page'), 'LandingPage'),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: z.object({ redirect: z.string().optional(), error: z.string().optional(), details: z.string().optional() }),
  component: lazy(() => import('./features/accounts/login-page'), 'LoginPage'),
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  component: lazy(() => import('./features/accounts/register-page'), 'RegisterPage'),
});

const tokenSearch = z.object({ token: z.string().optional() });

const verifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify',
  validateSearch: tokenSearch,
  component: lazy(() => import('./features/accounts/verify-page'), 'VerifyPage'),
});

const completeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/complete',
  validateSearch: tokenSearch,
  component: lazy(() => import('./features/accounts/complete-page'), 'CompletePage'),
});

const authCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/callback',
  validateSearch: z.object({ token: z.string().optional(), redirect: z.string().optional() }),
  component: lazy(() => import('./features/accounts/auth-callback-page'), 'AuthCallbackPage'),
});

// The farmer's app: signed-in only
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    if (!getToken()) throw redirect({ to: '/login', search: { redirect: location.href } });
    try {
      await context.queryClient.ensureQueryData(meQuery);
    } catch {
      if (!getToken()) throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: AppShell,
});

const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/home',
  component: lazy(() => import('./features/home/home-page'), 'HomePage'),
});

const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings',
  component: lazy(() => import('./features/accounts/settings-page'), 'SettingsPage'),
});

const routeTree = rootRoute.addChildren([
  landingRoute,
  loginRoute,
  registerRoute,
  verifyRoute,
  completeRoute,
  authCallbackRoute,
  appRoute.addChildren([homeRoute, settingsRoute]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
