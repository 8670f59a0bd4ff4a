import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { passwordResetConfirmBodySchema } from '@worker/accounts/accounts.schemas';
import { confirmPasswordReset } from '../../api/accounts';
import { FormError, SubmitButton, useSchemaForm } from '../../components/form';
import { NewPasswordFields } from '../../components/new-password-fields';
import { clearToken } from '../../lib/auth-token';
import { withPasswordConfirmation } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { useServerText } from '../../lib/server-text';
import './messages';
import { PublicLayout } from '../../components/public-layout';

/** The words of a link without a token: the schema's, the same as the API's for a bad one. */
const missingTokenMessage = () =>
  passwordResetConfirmBodySchema.shape.token.safeParse('').error?.issues[0]?.message ?? null;

/** Sets a new password from a reset mail's link (`/reset-password?token=`, given as `token`). */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useI18n();
  const serverText = useServerText();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: passwordResetConfirmBodySchema,
    values: (data) => ({ token, password: String(data.get('password') ?? '') }),
    check: (errors, data) =>
      withPasswordConfirmation(errors, data, { password: 'password', confirm: 'passwordConfirm' }),
    submit: confirmPasswordReset,
    onSaved: () => {
      // Every session of the account has ended, this browser's too if it was signed in.
      clearToken();
      queryClient.clear();
    },
  });

  if (form.result) {
    return (
      <PublicLayout title={t('accounts.resetTitle')}>
        <div className="alert alert--success" role="status">
          {serverText(form.result.message)}
        </div>
        <Link to="/login" className="button button--primary button--block">
          {t('accounts.toLogin')}
        </Link>
      </PublicLayout>
    );
  }

  const { errors } = form;
  const linkError = token ? errors.token : missingTokenMessage();
  if (linkError) {
    return (
      <PublicLayout title={t('accounts.resetTitle')}>
        <div className="alert alert--error" role="alert">
          <p>{linkError}</p>
        </div>
        <Link to="/forgot-password" className="button button--primary button--block">
          {t('accounts.resetRequestAgain')}
        </Link>
        <p className="public__alt">
          <Link to="/login">{t('accounts.backToLogin')}</Link>
        </p>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={t('accounts.resetTitle')}>
      <p>{t('accounts.resetLead')}</p>
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormError message={form.message} />
        <NewPasswordFields
          labels={{
            password: t('accounts.newPassword'),
            confirm: t('accounts.newPasswordConfirm'),
            hint: t('accounts.passwordHint'),
          }}
          errors={errors}
        />
        <SubmitButton pending={form.saving}>{t('accounts.resetSubmit')}</SubmitButton>
      </form>
    </PublicLayout>
  );
}
