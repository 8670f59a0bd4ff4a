import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { loginBodySchema } from '@worker/accounts/accounts.schemas';
import { type FormEvent, useState } from 'react';
import { meQuery, login as signIn } from '../../api/accounts';
import { FormError, SubmitButton, TextField } from '../../components/form';
import { setToken } from '../../lib/auth-token';
import { describeError, type FieldErrors, zodFieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { applyTheme } from '../../lib/theme';
import './messages';
import { OAuthButtons, OAuthFailureNotice } from './oauth-buttons';
import { PublicLayout, safeRedirect } from './public-layout';

export function LoginPage() {
  const { t } = useI18n();
  const search = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const login = useMutation({
    mutationFn: signIn,
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
    login.mutate(parsed.data);
  };

  const server = describeError(login.error);
  const errors = { ...server.fields, ...clientErrors };
  return (
    <PublicLayout title={t('accounts.loginTitle')}>
      <OAuthFailureNotice error={search.error} details={search.details} />
      <OAuthButtons redirect={search.redirect} />
      <form onSubmit={onSubmit} noValidate className="form">
        <FormError message={server.message} />
        <TextField
          label={t('accounts.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email}
        />
        <TextField
          label={t('accounts.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
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
