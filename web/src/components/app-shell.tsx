import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { logout, useMe } from '../api/accounts';
import { clearToken } from '../lib/auth-token';
import { useI18n } from '../lib/i18n';
import { clearApiCache } from '../lib/offline-status';
import { applyTheme } from '../lib/theme';
import { navItems } from './nav-items';

const OfflineBar = lazy(() => import('./offline-bar').then((m) => ({ default: m.OfflineBar })));

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
    } catch {
      // Signing out locally must work even offline; the session then simply expires.
    }
    clearToken();
    queryClient.clear();
    // The saved copies for reading offline were this farmer's: another signing in here must not see them.
    await clearApiCache();
    await import('../lib/roster-store').then((m) => m.clearRosters()).catch(() => undefined);
    await navigate({ to: '/login' });
  };
}

function AlertBadge({ count }: { count: number | undefined }) {
  const { t } = useI18n();
  if (!count) return null;
  return (
    <span className="nav-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('nav.alertCount', { count })}</span>
    </span>
  );
}

export interface AppShellProps {
  /**
   * Alerts still needing attention, shown as a badge on the nav items marked `alertBadge`. The shell is shared UI
   * and imports no feature: the router passes the count in from the alerts feature.
   */
  alertCount?: number;
  /**
   * The farm the screens show, and the control to choose another: the farms feature's switcher, placed by the
   * router under the brand in the side bar and in the phone's header (only one of them is visible at a time).
   */
  farmSwitcher?: ReactNode;
}

export function AppShell({ alertCount, farmSwitcher }: AppShellProps) {
  const { t } = useI18n();
  const { data: me } = useMe();
  const signOut = useSignOut();
  const theme = me?.theme;
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <aside className="sidebar" aria-label={t('nav.main')}>
        <Link to="/home" className="brand">
          <span className="brand__mark" aria-hidden="true">
            牛
          </span>
          <span>{t('app.name')}</span>
        </Link>
        {farmSwitcher ? <div className="sidebar__farm">{farmSwitcher}</div> : null}
        <nav>
          <ul>
            {navItems
              .filter((item) => item.desktop)
              .map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="sidebar__link"
                    activeProps={{ 'aria-current': 'page', className: 'sidebar__link is-active' }}
                  >
                    <item.icon size={20} aria-hidden="true" />
                    {t(item.labelKey)}
                    {item.alertBadge ? <AlertBadge count={alertCount} /> : null}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
        <div className="sidebar__footer">
          {me ? <p className="sidebar__user">{t('nav.signedInAs', { name: me.userName })}</p> : null}
          <button type="button" className="button button--ghost" onClick={signOut}>
            {t('nav.signOut')}
          </button>
        </div>
      </aside>
      <header className="topbar">
        <Link to="/home" className="brand">
          <span className="brand__mark" aria-hidden="true">
            牛
          </span>
          <span>{t('app.name')}</span>
        </Link>
        {farmSwitcher ? (
          <div className="topbar__farm">{farmSwitcher}</div>
        ) : me ? (
          <span className="topbar__user">{t('nav.signedInAs', { name: me.userName })}</span>
        ) : null}
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={null}>
          <OfflineBar />
        </Suspense>
        <Outlet />
      </main>
      <nav className="bottom-nav" aria-label={t('nav.main')}>
        {navItems
          .filter((item) => item.phone)
          .map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className="bottom-nav__link"
              activeProps={{ 'aria-current': 'page', className: 'bottom-nav__link is-active' }}
            >
              <span className="bottom-nav__icon">
                <item.icon size={24} aria-hidden="true" />
                {item.alertBadge ? <AlertBadge count={alertCount} /> : null}
              </span>
              <span>{t(item.labelKey)}</span>
            </Link>
          ))}
      </nav>
    </div>
  );
}
