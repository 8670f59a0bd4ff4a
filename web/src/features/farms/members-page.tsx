import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formatInstantJa } from '@worker/domain/calendar';
import { emailSchema } from '@worker/domain/email';
import { farmNameSchema } from '@worker/domain/farm-name';
import { FARM_ROLES } from '@worker/domain/roles';
import { useId, useRef, useState } from 'react';
import { z } from 'zod';
import { useMe } from '../../api/accounts';
import {
  changeMemberRole,
  currentFarmOf,
  type Farm,
  type FarmMember,
  type FarmRole,
  farmKeys,
  farmsQuery,
  type Invitation,
  type InviteInput,
  invitationsQuery,
  inviteMember,
  membersQuery,
  removeMember,
  renameFarm,
  showFarm,
  useCurrentFarm,
  withdrawInvitation,
} from '../../api/farms';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmailField, FormError, SelectField, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { describeError } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import './farms.css';
import './messages';

/** The farm shown in the app bar: its name (the owner renames it here) and its members with their roles. */
export function MembersPage() {
  const { t } = useI18n();
  const { farms, current } = useCurrentFarm();
  return (
    <div className="page page--narrow">
      <h1>{t('farms.membersTitle')}</h1>
      {farms.isPending ? (
        <Loading />
      ) : farms.isError ? (
        <ErrorState error={farms.error} onRetry={() => farms.refetch()} />
      ) : current ? (
        <>
          <FarmNameCard farm={current} />
          <MembersCard farm={current} />
          {current.role === 'owner' ? <InviteCard farm={current} /> : null}
        </>
      ) : (
        <EmptyState title={t('farms.noFarm')}>
          <p>{t('farms.noFarmBody')}</p>
        </EmptyState>
      )}
    </div>
  );
}

/** The farm-name form's rule: the API's own (trimmed, 1 to 50 characters, no URL). */
const farmNameFormSchema = z.object({ name: farmNameSchema });

export function FarmNameCard({ farm }: { farm: Farm }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const rename = useSchemaForm({
    schema: farmNameFormSchema,
    values: (data) => ({ name: String(data.get('name') ?? '') }),
    submit: (input) => renameFarm(farm.id, input),
    onSaved: async (renamed) => {
      queryClient.setQueryData(farmsQuery.queryKey, (list) =>
        list?.map((f) => (f.id === renamed.id ? { ...f, name: renamed.name } : f)),
      );
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: farmsQuery.queryKey });
    },
  });

  return (
    <section className="card" aria-labelledby="farm-name-title">
      {editing ? (
        <form className="farm-name-form" onSubmit={rename.onSubmit} noValidate>
          <h2 id="farm-name-title" className="visually-hidden">
            {farm.name}
          </h2>
          <TextField
            label={t('farms.farmName')}
            name="name"
            defaultValue={farm.name}
            maxLength={50}
            required
            autoFocus
            error={rename.errors.name}
          />
          <FormError message={rename.message} />
          <div className="page__actions">
            <SubmitButton pending={rename.saving}>{t('common.save')}</SubmitButton>
            <button
              type="button"
              className="button"
              onClick={() => {
                setEditing(false);
                rename.reset();
              }}
            >
              {t('common.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="farm-name">
          <div>
            <p className="muted farm-name__label">{t('farms.farmName')}</p>
            <h2 id="farm-name-title">{farm.name}</h2>
          </div>
          {farm.role === 'owner' ? (
            <button
              type="button"
              className="button"
              onClick={() => {
                rename.reset();
                setEditing(true);
              }}
            >
              {t('farms.rename')}
            </button>
          ) : null}
        </div>
      )}
      {rename.saved && !editing ? (
        <p className="muted" role="status">
          {t('farms.renamed')}
        </p>
      ) : null}
    </section>
  );
}

type Confirming = { member: FarmMember; leaving: boolean } | null;

function MembersCard({ farm }: { farm: Farm }) {
  const { t } = useI18n();
  const { data: me } = useMe();
  const members = useQuery(membersQuery(farm.id));
  const [confirming, setConfirming] = useState<Confirming>(null);
  const isOwner = farm.role === 'owner';

  return (
    <section className="card" aria-labelledby="members-title">
      <h2 id="members-title">
        {t('farms.members')}
        {members.data ? <span className="muted"> {t('farms.memberCount', { n: members.data.length })}</span> : null}
      </h2>
      {members.isPending ? (
        <Loading />
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => members.refetch()} />
      ) : members.data.length === 0 ? (
        <EmptyState title={t('farms.noMembers')} />
      ) : (
        <ul className="member-list">
          {members.data.map((member) => (
            <MemberRow
              key={member.userId}
              farm={farm}
              member={member}
              isMe={member.userId === me?.id}
              canManage={isOwner}
              onRemove={(leaving) => setConfirming({ member, leaving })}
            />
          ))}
        </ul>
      )}
      <RemoveDialog farm={farm} confirming={confirming} onClose={() => setConfirming(null)} />
    </section>
  );
}

function MemberRow({
  farm,
  member,
  isMe,
  canManage,
  onRemove,
}: {
  farm: Farm;
  member: FarmMember;
  isMe: boolean;
  canManage: boolean;
  onRemove: (leaving: boolean) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (role: FarmRole) => changeMemberRole(farm.id, member.userId, role),
    onSuccess: async (changed) => {
      queryClient.setQueryData(membersQuery(farm.id).queryKey, (list) =>
        list?.map((m) => (m.userId === changed.userId ? changed : m)),
      );
      // Your own role decides what this page and every other screen let you do.
      if (isMe) await queryClient.invalidateQueries({ queryKey: farmsQuery.queryKey });
    },
  });
  const error = describeError(change.error);
  const errorText = error.message ?? error.fields.role;
  const shownRole = change.isPending ? change.variables : member.role;

  return (
    <li className="member" data-testid="member" data-email={member.email}>
      <div className="member__who">
        <p className="member__name">
          {member.userName}
          {isMe ? t('farms.you') : null}
        </p>
        <p className="member__email">{member.email}</p>
        {canManage ? null : <span className="badge">{t(`farms.role.${member.role}`)}</span>}
      </div>
      <div className="member__controls">
        {canManage ? (
          <select
            id={id}
            className="control"
            aria-label={t('farms.roleOf', { name: member.userName })}
            aria-describedby={errorText ? `${id}-error` : undefined}
            aria-invalid={Boolean(errorText)}
            value={shownRole}
            disabled={change.isPending}
            onChange={(event) => change.mutate(event.target.value as FarmRole)}
          >
            {FARM_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`farms.role.${role}`)}
              </option>
            ))}
          </select>
        ) : null}
        {isMe ? (
          <button type="button" className="button button--small button--danger" onClick={() => onRemove(true)}>
            {t('farms.leave')}
          </button>
        ) : canManage ? (
          <button type="button" className="button button--small button--danger" onClick={() => onRemove(false)}>
            {t('farms.remove')}
            <span className="visually-hidden">{t('common.paren', { text: member.userName })}</span>
          </button>
        ) : null}
      </div>
      {errorText ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {errorText}
        </p>
      ) : change.isSuccess ? (
        <p className="muted member__status" role="status">
          {t('farms.roleChanged')}
        </p>
      ) : null}
    </li>
  );
}

/** Confirms removing a member (owner) or leaving the farm (yourself); leaving shows the next farm. */
function RemoveDialog({ farm, confirming, onClose }: { farm: Farm; confirming: Confirming; onClose: () => void }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: ({ member }: NonNullable<Confirming>) => removeMember(farm.id, member.userId),
    onSuccess: async (_done, { leaving }) => {
      if (!leaving) {
        onClose();
        await queryClient.invalidateQueries({ queryKey: farmKeys.members(farm.id) });
        return;
      }
      const farms = await queryClient.fetchQuery({ ...farmsQuery, staleTime: 0 });
      queryClient.removeQueries({ queryKey: farmKeys.members(farm.id) });
      onClose();
      await navigate({ to: '/home' });
      await showFarm(queryClient, currentFarmOf(farms, null)?.id ?? null);
    },
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  const leaving = confirming?.leaving ?? false;

  return (
    <ConfirmDialog
      open={confirming !== null}
      title={leaving ? t('farms.leaveTitle') : t('farms.removeTitle')}
      confirmLabel={leaving ? t('farms.leaveConfirm') : t('farms.removeConfirm')}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => confirming && remove.mutate(confirming)}
      onClose={close}
    >
      {confirming ? (
        <p>
          {leaving
            ? t('farms.leaveBody', { farm: farm.name })
            : t('farms.removeBody', { name: confirming.member.userName, email: confirming.member.email })}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

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
