import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { completeBodySchema } from '@worker/accounts/accounts.schemas';
import { ownFarmName } from '@worker/domain/farm-name';
import { useState } from 'react';
import { completeRegistration, meQuery } from '../../api/accounts';
import { FormError, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { NewPasswordFields } from '../../components/new-password-fields';
import { setToken } from '../../lib/auth-token';
import { withPasswordConfirmation } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { applyTheme } from '../../lib/theme';
import './messages';
import { PublicLayout, safeRedirect } from '../../components/public-layout';

/**
 * The last step of registering (§20): the person, their farm and a password; it signs in, no second typing. `token`:
 * the mail link's `?token=`.
 */
export function CompletePage({ token }: { token: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const form = useSchemaForm({
    schema: completeBodySchema,
    values: (data) => ({
      token,
      name: String(data.get('name') ?? ''),
      farmName: String(data.get('farmName') ?? ''),
      password: String(data.get('password') ?? ''),
    }),
    check: (errors, data) =>
      withPasswordConfirmation(errors, data, { password: 'password', confirm: 'passwordConfirm' }),
    submit: completeRegistration,
    onSaved: async (result) => {
      setToken(result.token);
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      applyTheme((await queryClient.fetchQuery(meQuery)).theme);
      // /home, or back on the invitation that sent a new visitor to register.
      await navigate({ href: safeRedirect(undefined) });
    },
  });

  const defaultFarm = ownFarmName(name.trim() || t('accounts.nameForFarm'));
  const { errors } = form;
  return (
    <PublicLayout title={t('accounts.completeTitle')}>
      <p>{t('accounts.completeLead')}</p>
      <form onSubmit={form.onSubmit} noValidate className="form">
        <FormError message={form.message ?? errors.token} />
        <TextField
          label={t('accounts.name')}
          placeholder={t('accounts.namePlaceholder')}
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextField
          label={t('accounts.farmName')}
          name="farmName"
          autoComplete="organization"
          maxLength={50}
          placeholder={defaultFarm}
          hint={t('accounts.farmNameHint', { farm: defaultFarm })}
          error={errors.farmName}
        />
        <NewPasswordFields
          labels={{
            password: t('accounts.password'),
            confirm: t('accounts.passwordConfirm'),
            hint: t('accounts.passwordHint'),
          }}
          errors={errors}
        />
        <SubmitButton pending={form.saving}>{t('accounts.completeSubmit')}</SubmitButton>
      </form>
    </PublicLayout>
  );
}
