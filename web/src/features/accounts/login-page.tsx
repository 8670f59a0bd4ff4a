import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { loginBodySchema } from '@worker/accounts/accounts.schemas';
import { DEVELOPMENT_TURNSTILE_TOKEN } from '@worker/waiting-list/waiting-list.schemas';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { meQuery, login as signIn } from '../../api/accounts';
import { EmailField, FormError, SubmitButton, TextField } from '../../components/form';
import { ApiError } from '../../lib/api-error';
import { setToken } from '../../lib/auth-token';
import { describeError, type FieldErrors, zodFieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { applyTheme } from '../../lib/theme';
import './messages';
import { PublicLayout, safeRedirect } from '../../components/public-layout';
import { OAuthButtons, OAuthFailureNotice } from './oauth-buttons';

/** Only after the API asks for it (TURNSTILE_REQUIRED): the widget stays out of the initial bundle. */
const LoginTurnstile = lazy(() => import('./login-turnstile'));

export function LoginPage() {
  const { t } = useI18n();
  const search = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [checkRequired, setCheckRequired] = useState(false);
  const [turnstileToken, setTurnstileToken] = useState<string | null>(null);
  const login = useMutation({
    mutationFn: signIn,
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'TURNSTILE_REQUIRED') setCheckRequired(true);
    },
    // A Turnstile token is good for one verification only.
    onSettled: () => setTurnstileToken((token) => (token === DEVELOPMENT_TURNSTILE_TOKEN ? token : null)),
    onSuccess: async (result) => {
      setToken(result.token);
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      const me = await queryClient.fetchQuery(meQuery);
      applyTheme(me.theme);
      // href, not to: the target may carry a query (e.g. /invite?token=…).
      await navigate({ href: safeRedirect(search.redirect) });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') };
    const parsed = loginBodySchema.safeParse(values);
    if (!parsed.success) return setClientErrors(zodFieldErrors(parsed.error));
    setClientErrors({});
    login.mutate({ ...parsed.data, ...(turnstileToken ? { turnstileToken } : {}) });
  };

  const server = describeError(login.error);
  const errors = { ...server.fields, ...clientErrors };
  return (
    <PublicLayout title={t('accounts.loginTitle')}>
      <OAuthFailureNotice error={search.error} details={search.details} />
      <OAuthButtons redirect={search.redirect} />
      <form onSubmit={onSubmit} noValidate className="form">
        <FormError message={server.message} />
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
            <LoginTurnstile onToken={setTurnstileToken} error={errors.turnstileToken} />
          </Suspense>
        ) : null}
        <SubmitButton pending={login.isPending}>{t('accounts.loginSubmit')}</SubmitButton>
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
