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
import { meQuery } from './api/accounts';
import { CATTLE_SORT_KEYS, type CattleListSearch } from './api/cattle';
import { settleCurrentFarm } from './api/farms';
import { AppShell } from './components/app-shell';
import { ErrorState, Loading } from './components/states';
import { registrationsSearchSchema } from './features/admin/registrations-search';
import { alertsSearchSchema } from './features/alerts/alerts-search';
import { useActiveAlertCount } from './features/alerts/use-active-alert-count';
import { eventNewSearch, eventsSearch, scheduleSearch } from './features/events/events-search';
import { FarmSwitcher } from './features/farms/farm-switcher';
import { kpiCowsSearchSchema, kpiSearchSchema } from './features/kpi/kpi-search';
import { shipmentsSearchSchema } from './features/shipments/shipments-search';
import { getToken } from './lib/auth-token';

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
  validateSearch: z.object({
    redirect: z.string().optional(),
    error: z.string().optional(),
    details: z.string().optional(),
  }),
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

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazy(() => import('./features/accounts/forgot-password-page'), 'ForgotPasswordPage'),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: tokenSearch,
  component: lazy(() => import('./features/accounts/reset-password-page'), 'ResetPasswordPage'),
});

const authCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/callback',
  validateSearch: z.object({ token: z.string().optional(), redirect: z.string().optional() }),
  component: lazy(() => import('./features/accounts/auth-callback-page'), 'AuthCallbackPage'),
});

// An invitation link: signed in or not (the page offers signing in or registering, then comes back)
const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite',
  validateSearch: tokenSearch,
  component: lazy(() => import('./features/farms/invite-page'), 'InvitePage'),
});

// Admin area: its own Basic credentials, outside the farmer's app
const adminRegistrationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/registrations',
  validateSearch: registrationsSearchSchema,
  component: lazy(() => import('./features/admin/registrations-page'), 'RegistrationsPage'),
});

/** The signed-in layout: the shared shell, given the alerts feature's count for its nav badge and the farm switcher. */
function AppLayout() {
  const alertCount = useActiveAlertCount();
  return <AppShell alertCount={alertCount} farmSwitcher={<FarmSwitcher />} />;
}

// The farmer's app: signed-in only
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    if (!getToken()) throw redirect({ to: '/login', search: { redirect: location.href } });
    try {
      // The farm shown is settled before any screen asks for farm data (it goes out as X-Farm-Id).
      await Promise.all([context.queryClient.ensureQueryData(meQuery), settleCurrentFarm(context.queryClient)]);
    } catch {
      if (!getToken()) throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: AppLayout,
});

const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/home',
  // GET /home goes out with the screen's chunk, not once the screen has rendered (HomePage does not fetch it again).
  loader: async ({ context, preload }) => {
    if (preload) return;
    const { homeQuery } = await import('./api/home');
    void context.queryClient.prefetchQuery(homeQuery(context.queryClient));
  },
  component: lazy(() => import('./features/home/home-page'), 'HomePage'),
});

const alertsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/alerts',
  validateSearch: alertsSearchSchema,
  component: lazy(() => import('./features/alerts/alerts-page'), 'AlertsPage'),
});

const kpiRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/kpi',
  validateSearch: kpiSearchSchema,
  component: lazy(() => import('./features/kpi/kpi-page'), 'KpiPage'),
});

const kpiCowsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/kpi/cattle',
  validateSearch: kpiCowsSearchSchema,
  component: lazy(() => import('./features/kpi/kpi-cows-page'), 'KpiCowsPage'),
});

const shipmentsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/shipments',
  validateSearch: shipmentsSearchSchema,
  component: lazy(() => import('./features/shipments/shipments-page'), 'ShipmentsPage'),
});

const cattleListSearch = (search: Record<string, unknown>): CattleListSearch => {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const listOf = (v: unknown) =>
    Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? v.split(',') : undefined;
  const oneOf = <T extends string>(v: unknown, options: readonly T[]) =>
    options.includes(v as T) ? (v as T) : undefined;
  return {
    search: text(search.search),
    status: text(search.status),
    gender: listOf(search.gender),
    growth_stage: listOf(search.growth_stage),
    barn: text(search.barn),
    breed: text(search.breed),
    has_alert: search.has_alert === 'true' || search.has_alert === true ? ('true' as const) : undefined,
    sortBy: oneOf(search.sortBy, CATTLE_SORT_KEYS),
    sortOrder: oneOf(search.sortOrder, ['asc', 'desc'] as const),
  };
};

const cattleListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/cattle',
  validateSearch: cattleListSearch,
  component: lazy(() => import('./features/cattle/cattle-list-page'), 'CattleListPage'),
});

const cattleNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/cattle/new',
  component: lazy(() => import('./features/cattle/cattle-new-page'), 'CattleNewPage'),
});

const cattleImportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/cattle/import',
  component: lazy(() => import('./features/imports/import-page'), 'ImportPage'),
});

const cattleDetailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/cattle/$id',
  component: lazy(() => import('./features/cattle/cattle-detail-page'), 'CattleDetailPage'),
});

const cattleEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/cattle/$id/edit',
  component: lazy(() => import('./features/cattle/cattle-edit-page'), 'CattleEditPage'),
});

const eventsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/events',
  validateSearch: eventsSearch,
  component: lazy(() => import('./features/events/events-page'), 'EventsPage'),
});

const eventNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/events/new',
  validateSearch: eventNewSearch,
  component: lazy(() => import('./features/events/event-new-page'), 'EventNewPage'),
});

const scheduleRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/schedule',
  validateSearch: scheduleSearch,
  component: lazy(() => import('./features/events/schedule-page'), 'SchedulePage'),
});

const outboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/outbox',
  component: lazy(() => import('./features/outbox/outbox-page'), 'OutboxPage'),
});

const menuRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/menu',
  component: lazy(() => import('./features/menu/menu-page'), 'MenuPage'),
});

const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings',
  component: lazy(() => import('./features/accounts/settings-page'), 'SettingsPage'),
});

const membersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/farms/members',
  component: lazy(() => import('./features/farms/members-page'), 'MembersPage'),
});

const routeTree = rootRoute.addChildren([
  landingRoute,
  loginRoute,
  registerRoute,
  verifyRoute,
  completeRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  authCallbackRoute,
  inviteRoute,
  adminRegistrationsRoute,
  appRoute.addChildren([
    homeRoute,
    cattleListRoute,
    cattleNewRoute,
    cattleImportRoute,
    cattleDetailRoute,
    cattleEditRoute,
    eventsRoute,
    eventNewRoute,
    scheduleRoute,
    kpiRoute,
    kpiCowsRoute,
    shipmentsRoute,
    alertsRoute,
    settingsRoute,
    membersRoute,
    menuRoute,
    outboxRoute,
  ]),
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
