import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { completeBodySchema } from '@worker/accounts/accounts.schemas';
import { ownFarmName } from '@worker/domain/farm-name';
import { type FormEvent, useState } from 'react';
import { completeRegistration, meQuery } from '../../api/accounts';
import { FormError, SubmitButton, TextField } from '../../components/form';
import { setToken } from '../../lib/auth-token';
import { describeError, type FieldErrors, withPasswordConfirmation, zodFieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { applyTheme } from '../../lib/theme';
import './messages';
import { PublicLayout, safeRedirect } from '../../components/public-layout';

/** The last step of registering (§20): the person, their farm and a password; it signs in, no second typing. */
export function CompletePage() {
  const { t } = useI18n();
  const { token = '' } = useSearch({ from: '/complete' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [name, setName] = useState('');
  const complete = useMutation({
    mutationFn: completeRegistration,
    onSuccess: async (result) => {
      setToken(result.token);
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      applyTheme((await queryClient.fetchQuery(meQuery)).theme);
      // /home, or back on the invitation that sent a new visitor to register.
      await navigate({ href: safeRedirect(undefined) });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = {
      token,
      name: String(form.get('name') ?? ''),
      farmName: String(form.get('farmName') ?? ''),
      password: String(form.get('password') ?? ''),
    };
    const parsed = completeBodySchema.safeParse(values);
    const errors = withPasswordConfirmation(parsed.success ? {} : zodFieldErrors(parsed.error), form, {
      password: 'password',
      confirm: 'passwordConfirm',
    });
    setClientErrors(errors);
    if (parsed.success && Object.keys(errors).length === 0) complete.mutate(parsed.data);
  };

  const defaultFarm = ownFarmName(name.trim() || t('accounts.nameForFarm'));
  const server = describeError(complete.error);
  const errors = { ...server.fields, ...clientErrors };
  return (
    <PublicLayout title={t('accounts.completeTitle')}>
      <p>{t('accounts.completeLead')}</p>
      <form onSubmit={onSubmit} noValidate className="form">
        <FormError message={server.message ?? errors.token} />
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
