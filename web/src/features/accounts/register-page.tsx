import { Link } from '@tanstack/react-router';
import { registerBodySchema } from '@worker/accounts/accounts.schemas';
import { registerAccount } from '../../api/accounts';
import { EmailField, FormError, SubmitButton, useSchemaForm } from '../../components/form';
import { PublicLayout } from '../../components/public-layout';
import { useI18n } from '../../lib/i18n';
import { useServerText } from '../../lib/server-text';
import { OAuthButtons } from './oauth-buttons';
import './messages';

export function RegisterPage() {
  const { t } = useI18n();
  const serverText = useServerText();
  const form = useSchemaForm({
    schema: registerBodySchema,
    values: (data) => ({ email: String(data.get('email') ?? '') }),
    submit: (body) => registerAccount(body).then((r) => ({ ...r, email: body.email })),
  });
  const haveAccount = (
    <p className="public__alt">
      {t('accounts.haveAccount')} <Link to="/login">{t('accounts.toLogin')}</Link>
    </p>
  );

  if (form.result) {
    return (
      <PublicLayout title={t('accounts.registerSent')}>
        <div className="alert alert--success" role="status">
          <p>{serverText(form.result.message)}</p>
          <p>{t('accounts.registerSentBody', { email: form.result.email })}</p>
        </div>
        {haveAccount}
      </PublicLayout>
    );
  }
  return (
    <PublicLayout title={t('accounts.registerTitle')}>
      <OAuthButtons />
      <p>{t('accounts.registerLead')}</p>
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormError message={form.message} />
        <EmailField label={t('accounts.email')} error={form.errors.email} />
        <SubmitButton pending={form.saving}>{t('accounts.registerSubmit')}</SubmitButton>
      </form>
      {haveAccount}
    </PublicLayout>
  );
}
