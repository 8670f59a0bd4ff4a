import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { changePasswordBodySchema } from '@worker/accounts/accounts.schemas';
import { useRef, useState } from 'react';
import { changePassword, logoutAll, type Me, requestPasswordReset } from '../../api/accounts';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormError, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { NewPasswordFields } from '../../components/new-password-fields';
import { clearToken } from '../../lib/auth-token';
import { describeError, withPasswordConfirmation } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { useServerText } from '../../lib/server-text';
import './messages';

const providerNames = { google: 'Google', line: 'LINE' } as const;

/** The settings card for the password: a change form, or for Google/LINE accounts the way to set one by mail. */
export function PasswordCard({ me }: { me: Me }) {
  const { t } = useI18n();
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">{t('accounts.changePasswordTitle')}</h2>
      {me.hasPassword || me.oauthProvider === 'email' ? (
        <>
          <p className="muted">{t('accounts.changePasswordLead')}</p>
          <ChangePasswordForm />
        </>
      ) : (
        <SetPasswordByMail email={me.email} provider={providerNames[me.oauthProvider]} />
      )}
    </section>
  );
}

function ChangePasswordForm() {
  const { t } = useI18n();
  const serverText = useServerText();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm({
    schema: changePasswordBodySchema,
    values: (data) => ({
      currentPassword: String(data.get('currentPassword') ?? ''),
      newPassword: String(data.get('newPassword') ?? ''),
    }),
    check: (errors, data) =>
      withPasswordConfirmation(errors, data, { password: 'newPassword', confirm: 'newPasswordConfirm' }),
    submit: changePassword,
    onSaved: () => formRef.current?.reset(),
  });

  const { errors } = form;
  return (
    <form ref={formRef} onSubmit={form.onSubmit} noValidate className="form">
      <FormError message={form.message} />
      <TextField
        label={t('accounts.currentPassword')}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
      />
      <NewPasswordFields
        name="newPassword"
        labels={{
          password: t('accounts.newPassword'),
          confirm: t('accounts.newPasswordConfirm'),
          hint: t('accounts.passwordHint'),
        }}
        errors={errors}
      />
      {form.result ? (
        <div className="alert alert--success" role="status">
          {serverText(form.result.message)}
        </div>
      ) : null}
      <SubmitButton pending={form.saving}>{t('accounts.changePasswordSubmit')}</SubmitButton>
    </form>
  );
}

function SetPasswordByMail({ email, provider }: { email: string; provider: string }) {
  const { t } = useI18n();
  const serverText = useServerText();
  const request = useMutation({ mutationFn: () => requestPasswordReset({ email }) });
  const server = describeError(request.error);
  return (
    <>
      <p>{t('accounts.oauthOnlyPassword', { provider })}</p>
      <FormError message={server.message ?? server.fields.email} />
      {request.isSuccess ? (
        <div className="alert alert--success" role="status">
          {serverText(request.data.message)}
        </div>
      ) : (
        <button
          type="button"
          className="button"
          disabled={request.isPending}
          aria-busy={request.isPending}
          onClick={() => request.mutate()}
        >
          {t('accounts.forgotSubmit')}
        </button>
      )}
    </>
  );
}

/** Signs out every device of the account, this one included, after a confirmation. */
export function SignOutEverywhereCard() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const finish = async () => {
    clearToken();
    queryClient.clear();
    await navigate({ to: '/login' });
  };
  const signOutAll = useMutation({
    mutationFn: logoutAll,
    onSuccess: finish,
    // A session that has already ended is as signed out as this asks for.
    onError: (error) => (error instanceof ApiError && error.status === 401 ? finish() : undefined),
  });
  const close = () => {
    signOutAll.reset();
    setOpen(false);
  };
  return (
    <section className="card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('accounts.sessionsTitle')}</h2>
      <p className="muted">{t('accounts.sessionsLead')}</p>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        {t('accounts.logoutAll')}
      </button>
      <ConfirmDialog
        open={open}
        title={t('accounts.logoutAllTitle')}
        confirmLabel={t('accounts.logoutAllConfirm')}
        pending={signOutAll.isPending}
        error={signOutAll.error}
        onConfirm={() => signOutAll.mutate()}
        onClose={close}
      >
        <p>{t('accounts.logoutAllBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
