import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { passwordResetConfirmBodySchema } from '@worker/accounts/accounts.schemas';
import { type FormEvent, useState } from 'react';
import { confirmPasswordReset } from '../../api/accounts';
import { FormError, SubmitButton, TextField } from '../../components/form';
import { clearToken } from '../../lib/auth-token';
import { describeError, type FieldErrors, withPasswordConfirmation, zodFieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { useServerText } from '../../lib/server-text';
import './messages';
import { PublicLayout } from '../../components/public-layout';

/** The words of a link without a token: the schema's, the same as the API's for a bad one. */
const missingTokenMessage = () =>
  passwordResetConfirmBodySchema.shape.token.safeParse('').error?.issues[0]?.message ?? null;

/** Sets a new password from a reset mail's link (`/reset-password?token=`). */
export function ResetPasswordPage() {
  const { t } = useI18n();
  const serverText = useServerText();
  const { token = '' } = useSearch({ from: '/reset-password' });
  const queryClient = useQueryClient();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const reset = useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: () => {
      // Every session of the account has ended, this browser's too if it was signed in.
      clearToken();
      queryClient.clear();
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = { token, password: String(form.get('password') ?? '') };
    const parsed = passwordResetConfirmBodySchema.safeParse(values);
    const errors = withPasswordConfirmation(parsed.success ? {} : zodFieldErrors(parsed.error), form, {
      password: 'password',
      confirm: 'passwordConfirm',
    });
    setClientErrors(errors);
    if (parsed.success && Object.keys(errors).length === 0) reset.mutate(parsed.data);
  };

  if (reset.isSuccess) {
    return (
      <PublicLayout title={t('accounts.resetTitle')}>
        <div className="alert alert--success" role="status">
          {serverText(reset.data.message)}
        </div>
        <Link to="/login" className="button button--primary button--block">
          {t('accounts.toLogin')}
        </Link>
      </PublicLayout>
    );
  }

  const server = describeError(reset.error);
  const errors = { ...server.fields, ...clientErrors };
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
      <form onSubmit={onSubmit} noValidate className="form">
        <FormError message={server.message} />
        <TextField
          label={t('accounts.newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={t('accounts.passwordHint')}
          error={errors.password}
        />
        <TextField
          label={t('accounts.newPasswordConfirm')}
          name="passwordConfirm"
          type="password"
          autoComplete="new-password"
          required
          error={errors.passwordConfirm}
        />
        <SubmitButton pending={reset.isPending}>{t('accounts.resetSubmit')}</SubmitButton>
      </form>
    </PublicLayout>
  );
}
