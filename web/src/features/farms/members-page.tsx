import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FARM_ROLES } from '@worker/domain/roles';
import { useId, useState } from 'react';
import { useMe } from '../../api/accounts';
import {
  changeMemberRole,
  currentFarmOf,
  type Farm,
  type FarmMember,
  type FarmRole,
  farmKeys,
  farmsQuery,
  membersQuery,
  removeMember,
  showFarm,
  useCurrentFarm,
} from '../../api/farms';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { describeError } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { FarmNameCard } from './farm-name-card';
import './farms.css';
import { InviteCard } from './invite-card';
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
