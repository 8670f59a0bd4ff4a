import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { FARM_MESSAGES } from '@worker/domain/roles';
import { useEffect, useSyncExternalStore } from 'react';
import { logout, useMe } from '../../api/accounts';
import {
  acceptInvitation,
  farmsQuery,
  type InvitationPreview,
  invitationPreviewQuery,
  showFarm,
} from '../../api/farms';
import { FormError } from '../../components/form';
import { PublicLayout } from '../../components/public-layout';
import { ErrorState, Loading } from '../../components/states';
import { ApiError } from '../../lib/api-error';
import { clearToken, getToken, onTokenChange } from '../../lib/auth-token';
import { describeError } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { forgetInvite, rememberInvite } from '../../lib/pending-invite';
import './farms.css';
import './messages';

const useSignedIn = () => useSyncExternalStore(onTokenChange, () => Boolean(getToken()));

/** The API's words for a bad link or the wrong account, in the language shown (they are the Japanese ones). */
function useApiMessage() {
  const { t } = useI18n();
  return (error: unknown) => {
    const { fields, message } = describeError(error);
    const text = message ?? fields.token ?? null;
    if (text === FARM_MESSAGES.invalidInvitation) return t('farms.invite.invalid');
    if (text === FARM_MESSAGES.wrongInvitee) return t('farms.invite.wrongInvitee');
    return text;
  };
}

/**
 * An invitation link (/invite?token=…), signed in or not: who invites to which farm with which role, then joining.
 * Opened signed out, the token is kept so that signing in or registering lands back here (lib/pending-invite.ts).
 */
export function InvitePage({ token }: { token: string }) {
  const { t } = useI18n();
  const signedIn = useSignedIn();
  const preview = useQuery({ ...invitationPreviewQuery(token), enabled: Boolean(token) });
  const apiMessage = useApiMessage();
  const invalid = !token || (preview.error instanceof ApiError && preview.error.status === 400);

  useEffect(() => {
    if (!token || invalid) forgetInvite();
    else if (signedIn) forgetInvite();
    else rememberInvite(token);
  }, [token, signedIn, invalid]);

  return (
    <PublicLayout title={t('farms.invite.title')}>
      {invalid ? (
        <div className="alert alert--error" role="alert">
          <p>
            <strong>{token ? apiMessage(preview.error) : t('farms.invite.invalid')}</strong>
          </p>
          <p>{t('farms.invite.invalidBody')}</p>
          <p>
            {signedIn ? (
              <Link to="/home">{t('farms.invite.toHome')}</Link>
            ) : (
              <Link to="/login">{t('farms.invite.toLogin')}</Link>
            )}
          </p>
        </div>
      ) : preview.isPending ? (
        <Loading />
      ) : preview.isError ? (
        <ErrorState error={preview.error} onRetry={() => preview.refetch()} />
      ) : (
        <>
          <InvitationSummary invitation={preview.data} />
          {signedIn ? <SignedInActions token={token} invitation={preview.data} /> : <SignedOutActions token={token} />}
        </>
      )}
    </PublicLayout>
  );
}

function InvitationSummary({ invitation }: { invitation: InvitationPreview }) {
  const { t } = useI18n();
  return (
    <div className="invite-summary" data-testid="invitation-summary">
      <p className="invite-summary__lead">
        {t('farms.invite.lead', {
          inviter: invitation.inviterName,
          farm: invitation.farmName,
          role: t(`farms.role.${invitation.role}`),
        })}
      </p>
      <dl className="invite-summary__facts">
        <dt>{t('farms.invite.invitedAddress')}</dt>
        <dd>{invitation.email}</dd>
      </dl>
    </div>
  );
}

function SignedOutActions({ token }: { token: string }) {
  const { t } = useI18n();
  return (
    <div className="invite-actions">
      <p className="muted">{t('farms.invite.signInLead')}</p>
      <Link
        to="/login"
        search={{ redirect: `/invite?${new URLSearchParams({ token })}` }}
        className="button button--primary button--block"
      >
        {t('farms.invite.signIn')}
      </Link>
      <Link to="/register" className="button button--block">
        {t('farms.invite.register')}
      </Link>
      <p className="muted invite-actions__note">{t('farms.invite.registerNote')}</p>
    </div>
  );
}

function SignedInActions({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useMe();
  const apiMessage = useApiMessage();
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async ({ farmId }) => {
      forgetInvite();
      // The joined farm is in the list now; showing it drops the other farm's data from the cache.
      await queryClient.fetchQuery({ ...farmsQuery, staleTime: 0 });
      await showFarm(queryClient, farmId);
      await navigate({ to: '/home' });
    },
  });
  const switchAccount = useMutation({
    mutationFn: async () => {
      rememberInvite(token);
      await logout().catch(() => undefined);
      clearToken();
      // The page stays, signed out: the invitation is kept, everything of the previous account goes.
      const kept = hashKey(invitationPreviewQuery(token).queryKey);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== kept });
    },
  });

  if (me.isPending) return <Loading />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => me.refetch()} />;

  const wrongAccount =
    me.data.email.toLowerCase() !== invitation.email.toLowerCase() ||
    (accept.error instanceof ApiError && accept.error.status === 403);

  if (wrongAccount) {
    return (
      <div className="invite-actions">
        <div className="alert alert--error" role="alert">
          <p>
            <strong>{t('farms.invite.wrongInvitee')}</strong>
          </p>
          <p>{t('farms.invite.signedInAs', { email: me.data.email })}</p>
        </div>
        <button
          type="button"
          className="button button--block"
          disabled={switchAccount.isPending}
          aria-busy={switchAccount.isPending}
          onClick={() => switchAccount.mutate()}
        >
          {t('farms.invite.switchAccount')}
        </button>
      </div>
    );
  }

  return (
    <div className="invite-actions">
      <p className="muted">{t('farms.invite.signedInAs', { email: me.data.email })}</p>
      <FormError message={apiMessage(accept.error)} />
      <button
        type="button"
        className="button button--primary button--block"
        disabled={accept.isPending || accept.isSuccess}
        aria-busy={accept.isPending}
        onClick={() => accept.mutate()}
      >
        {accept.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {t('farms.invite.join')}
      </button>
      <Link to="/home" className="button button--block button--ghost">
        {t('farms.invite.notNow')}
      </Link>
    </div>
  );
}
