import { Link } from '@tanstack/react-router';
import { passwordResetBodySchema } from '@worker/accounts/accounts.schemas';
import { requestPasswordReset } from '../../api/accounts';
import { EmailField, FormError, SubmitButton, useSchemaForm } from '../../components/form';
import { PublicLayout } from '../../components/public-layout';
import { useI18n } from '../../lib/i18n';
import { useServerText } from '../../lib/server-text';
import './messages';

/** Asks for a reset link by mail; the answer reads the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useI18n();
  const serverText = useServerText();
  const form = useSchemaForm({
    schema: passwordResetBodySchema,
    values: (data) => ({ email: String(data.get('email') ?? '') }),
    submit: requestPasswordReset,
  });
  const backToLogin = (
    <p className="public__alt">
      <Link to="/login">{t('accounts.backToLogin')}</Link>
    </p>
  );

  if (form.result) {
    return (
      <PublicLayout title={t('accounts.forgotTitle')}>
        <div className="alert alert--success" role="status">
          <p>{serverText(form.result.message)}</p>
          <p>{t('accounts.forgotSentBody')}</p>
        </div>
        {backToLogin}
      </PublicLayout>
    );
  }
  return (
    <PublicLayout title={t('accounts.forgotTitle')}>
      <p>{t('accounts.forgotLead')}</p>
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormError message={form.message} />
        <EmailField label={t('accounts.email')} error={form.errors.email} />
        <SubmitButton pending={form.saving}>{t('accounts.forgotSubmit')}</SubmitButton>
      </form>
      {backToLogin}
    </PublicLayout>
  );
}
