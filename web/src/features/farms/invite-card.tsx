import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatInstantJa } from '@worker/domain/calendar';
import { emailSchema } from '@worker/domain/email';
import { FARM_ROLES } from '@worker/domain/roles';
import { useRef, useState } from 'react';
import { z } from 'zod';
import {
  type Farm,
  farmKeys,
  type Invitation,
  type InviteInput,
  invitationsQuery,
  inviteMember,
  withdrawInvitation,
} from '../../api/farms';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmailField, FormError, SelectField, SubmitButton, useSchemaForm } from '../../components/form';
import { ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import './farms.css';
import './messages';

/** The invite form's rules: the API's own address check, and one of the roles. */
const inviteSchema = z.object({ email: emailSchema, role: z.enum(FARM_ROLES) });

/** The owner invites an address with a role (the API mails the link) and sees the invitations not yet accepted. */
export function InviteCard({ farm }: { farm: Farm }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const pending = useQuery(invitationsQuery(farm.id));
  const invite = useSchemaForm({
    schema: inviteSchema,
    values: (data) => ({ email: String(data.get('email') ?? ''), role: data.get('role') }),
    submit: (input: InviteInput) => inviteMember(farm.id, input),
    onSaved: () => {
      formRef.current?.reset();
      return queryClient.invalidateQueries({ queryKey: farmKeys.invitations(farm.id) });
    },
  });
  const { errors } = invite;
  return (
    <section className="card" aria-labelledby="invite-title">
      <h2 id="invite-title">{t('farms.inviteTitle')}</h2>
      <p className="muted invite-lead">{t('farms.inviteLead')}</p>
      <form ref={formRef} className="invite-form" onSubmit={invite.onSubmit} noValidate>
        <EmailField label={t('farms.inviteEmail')} autoComplete="off" error={errors.email} />
        <SelectField label={t('farms.inviteRole')} name="role" defaultValue="staff" required error={errors.role}>
          {FARM_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`farms.role.${role}`)}
            </option>
          ))}
        </SelectField>
        <FormError message={invite.message} />
        <SubmitButton pending={invite.saving}>{t('farms.inviteSubmit')}</SubmitButton>
        {invite.result ? (
          <p className="alert alert--success" role="status">
            {t('farms.inviteSent', { email: invite.result.email })}
          </p>
        ) : null}
      </form>

      <h3 className="invite-pending__title">{t('farms.pendingTitle')}</h3>
      {pending.isPending ? (
        <Loading />
      ) : pending.isError ? (
        <ErrorState error={pending.error} onRetry={() => pending.refetch()} />
      ) : pending.data.length === 0 ? (
        <p className="muted">{t('farms.noPending')}</p>
      ) : (
        <ul className="member-list">
          {pending.data.map((invitation) => (
            <li key={invitation.id} className="member" data-testid="invitation" data-email={invitation.email}>
              <div className="member__who">
                <p className="member__name">{invitation.email}</p>
                <p className="member__email">
                  {t(`farms.role.${invitation.role}`)} ·{' '}
                  {t('farms.expires', { date: formatInstantJa(invitation.expiresAt) })}
                </p>
              </div>
              <div className="member__controls">
                <button
                  type="button"
                  className="button button--small button--danger"
                  onClick={() => setWithdrawing(invitation)}
                >
                  {t('farms.withdraw')}
                  <span className="visually-hidden">{t('common.paren', { text: invitation.email })}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <WithdrawDialog farm={farm} invitation={withdrawing} onClose={() => setWithdrawing(null)} />
    </section>
  );
}

function WithdrawDialog({
  farm,
  invitation,
  onClose,
}: {
  farm: Farm;
  invitation: Invitation | null;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: (target: Invitation) => withdrawInvitation(farm.id, target.id),
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: farmKeys.invitations(farm.id) });
    },
  });
  const close = () => {
    withdraw.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={invitation !== null}
      title={t('farms.withdrawTitle')}
      confirmLabel={t('farms.withdrawConfirm')}
      pending={withdraw.isPending}
      error={withdraw.error}
      onConfirm={() => invitation && withdraw.mutate(invitation)}
      onClose={close}
    >
      {invitation ? <p>{t('farms.withdrawBody', { email: invitation.email })}</p> : null}
    </ConfirmDialog>
  );
}
