import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { meQuery } from '../../api/accounts';
import { Loading } from '../../components/states';
import { setToken } from '../../lib/auth-token';
import { useI18n } from '../../lib/i18n';
import { applyTheme } from '../../lib/theme';
import './messages';
import { PublicLayout, safeRedirect } from '../../components/public-layout';

/** Where Google/LINE sign-in lands: keep the token, then wipe it from the address bar and history. */
export function AuthCallbackPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [missing, setMissing] = useState(false);
  const handled = useRef(false);

  useEffect(() => {
    // Once only: a second run (React's StrictMode) would find the address bar already wiped.
    if (handled.current) return;
    handled.current = true;
    const params = new URLSearchParams(window.location.search);
    const token = params.get('token');
    window.history.replaceState(null, '', '/auth/callback');
    if (!token) return setMissing(true);
    setToken(token);
    const target = safeRedirect(params.get('redirect') ?? sessionStorage.getItem('ushicho.redirect') ?? undefined);
    sessionStorage.removeItem('ushicho.redirect');
    queryClient
      .fetchQuery(meQuery)
      .then((me) => applyTheme(me.theme))
      .catch(() => undefined)
      .finally(() => navigate({ href: target, replace: true }));
  }, [navigate, queryClient]);

  return (
    <PublicLayout title={t('accounts.callbackTitle')}>
      {missing ? (
        <div className="alert alert--error" role="alert">
          <p>{t('accounts.callbackMissing')}</p>
          <Link to="/login">{t('accounts.toLogin')}</Link>
        </div>
      ) : (
        <Loading />
      )}
    </PublicLayout>
  );
}
