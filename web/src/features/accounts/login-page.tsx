import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { loginBodySchema } from '@worker/accounts/accounts.schemas';
import { DEVELOPMENT_TURNSTILE_TOKEN } from '@worker/waiting-list/waiting-list.schemas';
import { lazy, Suspense, useState } from 'react';
import { meQuery, login as signIn } from '../../api/accounts';
import { EmailField, FormError, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { ApiError } from '../../lib/api-error';
import { setToken } from '../../lib/auth-token';
import { useI18n } from '../../lib/i18n';
import { applyTheme } from '../../lib/theme';
import './messages';
import { PublicLayout, safeRedirect } from '../../components/public-layout';
import { OAuthButtons, OAuthFailureNotice } from './oauth-buttons';

/** Only after the API asks for it (TURNSTILE_REQUIRED): the widget stays out of the initial bundle. */
const LoginTurnstile = lazy(() => import('./login-turnstile'));

/** Where to go after signing in (`redirect`) and what an OAuth sign-in that failed says (`error`, `details`). */
export interface LoginSearch {
  redirect?: string;
  error?: string;
  details?: string;
}

export function LoginPage({ search }: { search: LoginSearch }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [checkRequired, setCheckRequired] = useState(false);
  const [turnstileToken, setTurnstileToken] = useState<string | null>(null);
  // The check, once asked for, is ready when its settings have come: a sign-in sent before would go without its token.
  const [checkReady, setCheckReady] = useState(false);
  const form = useSchemaForm({
    schema: loginBodySchema,
    values: (data) => ({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') }),
    submit: (body) =>
      signIn({ ...body, ...(turnstileToken ? { turnstileToken } : {}) }).finally(() =>
        // A Turnstile token is good for one verification only.
        setTurnstileToken((token) => (token === DEVELOPMENT_TURNSTILE_TOKEN ? token : null)),
      ),
    onFailed: (error) => {
      if (error instanceof ApiError && error.code === 'TURNSTILE_REQUIRED') setCheckRequired(true);
    },
    onSaved: async (result) => {
      setToken(result.token);
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      const me = await queryClient.fetchQuery(meQuery);
      applyTheme(me.theme);
      // href, not to: the target may carry a query (e.g. /invite?token=…).
      await navigate({ href: safeRedirect(search.redirect) });
    },
  });

  const { errors } = form;
  return (
    <PublicLayout title={t('accounts.loginTitle')}>
      <OAuthFailureNotice error={search.error} details={search.details} />
      <OAuthButtons redirect={search.redirect} />
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormError message={form.message} />
        <EmailField label={t('accounts.email')} error={errors.email} />
        <TextField
          label={t('accounts.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        {checkRequired ? (
          <Suspense fallback={null}>
            <LoginTurnstile onToken={setTurnstileToken} onReady={setCheckReady} error={errors.turnstileToken} />
          </Suspense>
        ) : null}
        <SubmitButton pending={form.saving} disabled={checkRequired && !checkReady}>
          {t('accounts.loginSubmit')}
        </SubmitButton>
      </form>
      <p className="public__alt">
        <Link to="/forgot-password">{t('accounts.forgotLink')}</Link>
      </p>
      <p className="public__alt">
        {t('accounts.noAccount')} <Link to="/register">{t('accounts.toRegister')}</Link>
      </p>
    </PublicLayout>
  );
}
