import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import {
  chooseDigest,
  type DigestChannel,
  type NotificationSettings,
  notificationSettingsQuery,
  startLineLink,
  unlinkLine,
} from '../../api/notifications';
import { FormError } from '../../components/form';
import { describeError } from '../../lib/form-errors';
import { defineMessages, useI18n } from '../../lib/i18n';
import { LineLinkCode } from './line-link-code';
import './line-settings.css';

defineMessages({
  ja: {
    line: {
      title: 'LINE連携と通知',
      lead: '毎朝、重要度「高」のアラートをお知らせします。LINEで受け取るには、LINEを連携し、牛帳の公式アカウントを友だち追加してください。',
      status: 'LINE',
      linked: '連携済み',
      notLinked: '未連携',
      following: '公式アカウント：友だち追加済み',
      notFollowing: '公式アカウントがまだ友だち追加されていません（またはブロックされています）。',
      addFriend: '公式アカウントを友だち追加する',
      link: 'LINEと連携する',
      linking: 'LINEに移動しています…',
      unlink: 'LINE連携を解除する',
      cannotUnlink: 'LINEでログインしているため解除できません。先にパスワードを設定してください。',
      justLinked: 'LINEと連携しました。',
      linkFailed: 'LINEと連携できませんでした。もう一度お試しください。',
      linkInUse: 'このLINEアカウントは別のユーザーに連携されています。',
      digest: '朝のアラート通知',
      mail: 'メール',
      lineOnly: 'LINE',
      both: 'メールとLINE',
      none: '通知しない',
      needsLine: 'LINEで受け取るには、LINEの連携と公式アカウントの友だち追加が必要です。',
      notLinkedError: 'LINEが連携されていません',
      saved: '通知方法を保存しました。',
    },
  },
  en: {
    line: {
      title: 'LINE and notifications',
      lead: 'Every morning we send the day’s high alerts. To get them on LINE, link LINE and add Ushichō’s official account as a friend.',
      status: 'LINE',
      linked: 'Linked',
      notLinked: 'Not linked',
      following: 'Official account: added as a friend',
      notFollowing: 'The official account is not a friend yet (or is blocked).',
      addFriend: 'Add the official account as a friend',
      link: 'Link LINE',
      linking: 'Opening LINE…',
      unlink: 'Unlink LINE',
      cannotUnlink: 'You sign in with LINE, so it cannot be unlinked. Set a password first.',
      justLinked: 'LINE is linked.',
      linkFailed: 'LINE could not be linked. Please try again.',
      linkInUse: 'This LINE account is linked to another user.',
      digest: 'Morning alerts',
      mail: 'Mail',
      lineOnly: 'LINE',
      both: 'Mail and LINE',
      none: 'None',
      needsLine: 'LINE needs a linked LINE account that has added the official account as a friend.',
      notLinkedError: 'LINE is not linked',
      saved: 'Notification choice saved.',
    },
  },
});

const channels: { value: DigestChannel; labelKey: string; needsLine: boolean }[] = [
  { value: 'mail', labelKey: 'line.mail', needsLine: false },
  { value: 'line', labelKey: 'line.lineOnly', needsLine: true },
  { value: 'both', labelKey: 'line.both', needsLine: true },
  { value: 'none', labelKey: 'line.none', needsLine: false },
];

/** What LINE Login's return to /settings said (`?line=linked` or `?line=failed&details=…`), read once. */
function useLinkOutcome() {
  const [outcome] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    const line = params.get('line');
    if (line) window.history.replaceState(window.history.state, '', window.location.pathname);
    return line ? { line, details: params.get('details') } : null;
  });
  return outcome;
}

/** Settings: link or unlink LINE, and choose how the morning digest arrives (docs/product.md §15). */
export function LineSettingsCard() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const outcome = useLinkOutcome();
  const { data: settings } = useQuery(notificationSettingsQuery);
  const update = (data: NotificationSettings) => queryClient.setQueryData(notificationSettingsQuery.queryKey, data);
  // The choice shows at once (as the theme does), and goes back to the saved one if the server refuses it.
  const [chosen, setChosen] = useState<DigestChannel | null>(null);
  const choose = useMutation({
    mutationFn: chooseDigest,
    onSuccess: update,
    onSettled: () => setChosen(null),
  });
  const unlink = useMutation({ mutationFn: unlinkLine, onSuccess: update });
  const link = useMutation({ mutationFn: startLineLink, onSuccess: (url) => window.location.assign(url) });

  if (!settings) return null;
  const reachable = settings.lineLinked && settings.lineFollowing;
  const chooseError =
    choose.error instanceof ApiError && choose.error.code === 'LINE_NOT_LINKED'
      ? t('line.notLinkedError')
      : (describeError(choose.error).message ?? describeError(choose.error).fields.digest);
  return (
    <section className="card line-settings" id="line" aria-labelledby="line-title">
      <h2 id="line-title">{t('line.title')}</h2>
      <p className="muted">{t('line.lead')}</p>
      {outcome ? (
        <p className={outcome.line === 'linked' ? 'alert alert--success' : 'alert alert--error'} role="status">
          {outcome.line === 'linked'
            ? t('line.justLinked')
            : outcome.details === 'line_in_use'
              ? t('line.linkInUse')
              : t('line.linkFailed')}
        </p>
      ) : null}
      <dl className="facts">
        <dt>{t('line.status')}</dt>
        <dd>{settings.lineLinked ? t('line.linked') : t('line.notLinked')}</dd>
      </dl>
      {settings.lineLinked ? (
        settings.lineFollowing ? (
          <p className="muted">{t('line.following')}</p>
        ) : (
          <p>{t('line.notFollowing')}</p>
        )
      ) : null}
      {settings.lineLinked && !settings.lineFollowing && settings.friendUrl ? (
        <a className="button" href={settings.friendUrl} target="_blank" rel="noopener noreferrer">
          {t('line.addFriend')}
        </a>
      ) : null}
      {!settings.lineLinked && settings.lineLoginAvailable ? (
        <button
          type="button"
          className="button"
          disabled={link.isPending || link.isSuccess}
          onClick={() => link.mutate()}
        >
          {link.isPending || link.isSuccess ? t('line.linking') : t('line.link')}
        </button>
      ) : null}
      {settings.lineLinked ? null : <LineLinkCode />}
      {settings.lineLinked && settings.canUnlinkLine ? (
        <button type="button" className="button" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
          {t('line.unlink')}
        </button>
      ) : null}
      {settings.lineLinked && !settings.canUnlinkLine ? <p className="muted">{t('line.cannotUnlink')}</p> : null}
      <FormError message={describeError(link.error).message ?? describeError(unlink.error).message} />

      <fieldset className="choice-group" aria-describedby={reachable ? undefined : 'line-needs'}>
        <legend>{t('line.digest')}</legend>
        {channels.map((channel) => (
          <label key={channel.value} className="choice">
            <input
              type="radio"
              name="digest"
              value={channel.value}
              checked={(chosen ?? settings.digest) === channel.value}
              disabled={choose.isPending || (channel.needsLine && !reachable)}
              onChange={() => {
                setChosen(channel.value);
                choose.mutate(channel.value);
              }}
            />
            {t(channel.labelKey)}
          </label>
        ))}
      </fieldset>
      {reachable ? null : (
        <p className="muted" id="line-needs">
          {t('line.needsLine')}
        </p>
      )}
      <FormError message={chooseError} />
      {choose.isSuccess ? (
        <p className="muted" role="status">
          {t('line.saved')}
        </p>
      ) : null}
    </section>
  );
}
