import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { passwordResetBodySchema } from '@worker/accounts/accounts.schemas';
import { type FormEvent, useState } from 'react';
import { requestPasswordReset } from '../../api/accounts';
import { FormError, SubmitButton, TextField } from '../../components/form';
import { describeError, type FieldErrors, zodFieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { useServerText } from '../../lib/server-text';
import './messages';
import { PublicLayout } from '../../components/public-layout';

/** Asks for a reset link by mail; the answer reads the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useI18n();
  const serverText = useServerText();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const request = useMutation({ mutationFn: requestPasswordReset });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    const parsed = passwordResetBodySchema.safeParse({ email });
    if (!parsed.success) return setClientErrors(zodFieldErrors(parsed.error));
    setClientErrors({});
    request.mutate(parsed.data);
  };

  if (request.isSuccess) {
    return (
      <PublicLayout title={t('accounts.forgotTitle')}>
        <div className="alert alert--success" role="status">
          <p>{serverText(request.data.message)}</p>
          <p>{t('accounts.forgotSentBody')}</p>
        </div>
        <p className="public__alt">
          <Link to="/login">{t('accounts.backToLogin')}</Link>
        </p>
      </PublicLayout>
    );
  }

  const server = describeError(request.error);
  const errors = { ...server.fields, ...clientErrors };
  return (
    <PublicLayout title={t('accounts.forgotTitle')}>
      <p>{t('accounts.forgotLead')}</p>
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
        <SubmitButton pending={request.isPending}>{t('accounts.forgotSubmit')}</SubmitButton>
      </form>
      <p className="public__alt">
        <Link to="/login">{t('accounts.backToLogin')}</Link>
      </p>
    </PublicLayout>
  );
}
