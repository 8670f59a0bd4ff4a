import { useMutation } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { completeBodySchema } from '@worker/accounts/accounts.schemas';
import { type FormEvent, useState } from 'react';
import { completeRegistration } from '../../api/accounts';
import { FormError, SubmitButton, TextField } from '../../components/form';
import { describeError, type FieldErrors, withPasswordConfirmation, zodFieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { useServerText } from '../../lib/server-text';
import './messages';
import { PublicLayout } from './public-layout';

export function CompletePage() {
  const { t } = useI18n();
  const serverText = useServerText();
  const { token = '' } = useSearch({ from: '/complete' });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const complete = useMutation({ mutationFn: completeRegistration });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = { token, name: String(form.get('name') ?? ''), password: String(form.get('password') ?? '') };
    const parsed = completeBodySchema.safeParse(values);
    const errors = withPasswordConfirmation(parsed.success ? {} : zodFieldErrors(parsed.error), form, {
      password: 'password',
      confirm: 'passwordConfirm',
    });
    setClientErrors(errors);
    if (parsed.success && Object.keys(errors).length === 0) complete.mutate(parsed.data);
  };

  if (complete.isSuccess) {
    return (
      <PublicLayout title={t('accounts.completeTitle')}>
        <div className="alert alert--success" role="status">
          {serverText(complete.data.message)}
        </div>
        <Link to="/login" className="button button--primary button--block">
          {t('accounts.toLogin')}
        </Link>
      </PublicLayout>
    );
  }

  const server = describeError(complete.error);
  const errors = { ...server.fields, ...clientErrors };
  return (
    <PublicLayout title={t('accounts.completeTitle')}>
      <p>{t('accounts.completeLead')}</p>
      <form onSubmit={onSubmit} noValidate className="form">
        <FormError message={server.message ?? errors.token} />
        <TextField
          label={t('accounts.name')}
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          error={errors.name}
        />
        <TextField
          label={t('accounts.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={t('accounts.passwordHint')}
          error={errors.password}
        />
        <TextField
          label={t('accounts.passwordConfirm')}
          name="passwordConfirm"
          type="password"
          autoComplete="new-password"
          required
          error={errors.passwordConfirm}
        />
        <SubmitButton pending={complete.isPending}>{t('accounts.completeSubmit')}</SubmitButton>
      </form>
    </PublicLayout>
  );
}
