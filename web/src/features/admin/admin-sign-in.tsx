import { z } from 'zod';
import { basicHeader, checkAdminCredentials } from '../../api/admin';
import { ApiError } from '../../api/client';
import { FormError, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { describeError } from '../../lib/form-errors';
import { translate, useI18n } from '../../lib/i18n';
import './messages';

/** Admin API failures in the admin's language; the API's own words otherwise. */
export function adminErrorMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 401) return translate('admin.invalidCredentials');
  if (error instanceof ApiError && error.status === 503) return translate('admin.notConfigured');
  const { fields, message } = describeError(error);
  return message ?? Object.values(fields)[0] ?? null;
}

/** The admin's Basic credentials, both required; the API checks them. */
const adminSignInSchema = () =>
  z.object({
    user: z.string().min(1, translate('admin.userRequired')),
    password: z.string().min(1, translate('admin.passwordRequired')),
  });

export function AdminSignIn({
  notice,
  onSignedIn,
}: {
  notice: string | null;
  onSignedIn: (authorization: string) => void;
}) {
  const { t } = useI18n();
  const signIn = useSchemaForm({
    schema: adminSignInSchema(),
    values: (form) => ({ user: String(form.get('user') ?? ''), password: String(form.get('password') ?? '') }),
    submit: ({ user, password }) => checkAdminCredentials(basicHeader(user, password)),
    onSaved: onSignedIn,
  });

  return (
    <section className="card public__card admin__sign-in">
      <h1>{t('admin.signInTitle')}</h1>
      <p>{t('admin.signInLead')}</p>
      <form onSubmit={signIn.onSubmit} noValidate className="form">
        <FormError message={adminErrorMessage(signIn.error) ?? notice} />
        <TextField
          label={t('admin.user')}
          name="user"
          autoComplete="username"
          autoCapitalize="none"
          required
          error={signIn.errors.user}
        />
        <TextField
          label={t('admin.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={signIn.errors.password}
        />
        <SubmitButton pending={signIn.saving}>{t('admin.signIn')}</SubmitButton>
      </form>
    </section>
  );
}
