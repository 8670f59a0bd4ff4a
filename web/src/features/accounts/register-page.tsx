import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { registerBodySchema } from '@worker/accounts/accounts.schemas';
import { type FormEvent, useState } from 'react';
import { type RegisterInput, registerAccount } from '../../api/accounts';
import { FormError, SubmitButton, TextField } from '../../components/form';
import { describeError, type FieldErrors, zodFieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { useServerText } from '../../lib/server-text';
import './messages';
import { PublicLayout } from '../../components/public-layout';
import { OAuthButtons } from './oauth-buttons';

export function RegisterPage() {
  const { t } = useI18n();
  const serverText = useServerText();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const register = useMutation({
    mutationFn: (body: RegisterInput) => registerAccount(body).then((r) => ({ ...r, email: body.email })),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    const parsed = registerBodySchema.safeParse({ email });
    if (!parsed.success) return setClientErrors(zodFieldErrors(parsed.error));
    setClientErrors({});
    register.mutate(parsed.data);
  };

  if (register.data) {
    return (
      <PublicLayout title={t('accounts.registerSent')}>
        <div className="alert alert--success" role="status">
          <p>{serverText(register.data.message)}</p>
          <p>{t('accounts.registerSentBody', { email: register.data.email })}</p>
        </div>
        <p className="public__alt">
          {t('accounts.haveAccount')} <Link to="/login">{t('accounts.toLogin')}</Link>
        </p>
      </PublicLayout>
    );
  }

  const server = describeError(register.error);
  const errors = { ...server.fields, ...clientErrors };
  return (
    <PublicLayout title={t('accounts.registerTitle')}>
      <OAuthButtons />
      <p>{t('accounts.registerLead')}</p>
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
        <SubmitButton pending={register.isPending}>{t('accounts.registerSubmit')}</SubmitButton>
      </form>
      <p className="public__alt">
        {t('accounts.haveAccount')} <Link to="/login">{t('accounts.toLogin')}</Link>
      </p>
    </PublicLayout>
  );
}
