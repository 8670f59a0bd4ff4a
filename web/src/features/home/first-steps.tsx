import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronRight, FileUp, MessageCircle, Plus, UserPlus } from 'lucide-react';
import { useMe } from '../../api/accounts';
import { statusCountsQuery } from '../../api/cattle';
import { membersQuery, useCurrentFarm } from '../../api/farms';
import { notificationSettingsQuery } from '../../api/notifications';
import { defineMessages, useI18n } from '../../lib/i18n';
import './first-steps.css';

defineMessages({
  ja: {
    firstSteps: {
      title: 'はじめの一歩',
      lead: 'まず牛を登録しましょう。Excelの牛台帳や個体識別情報のファイルがあれば、まとめて取り込めます。',
      import: '牛をまとめて取り込む',
      importHint: 'CSVファイル（Excel・家畜改良センターのダウンロード）',
      add: '1頭ずつ登録する',
      addHint: '画面で入力します',
      invite: '家族や従業員を招待する',
      inviteHint: 'メールで招待を送ります',
      line: 'LINEを連携する',
      lineHint: '朝のアラートをLINEで受け取れます',
    },
  },
  en: {
    firstSteps: {
      title: 'First steps',
      lead: 'Start by adding your animals. If you have an Excel herd book or the national register’s file, import them all at once.',
      import: 'Import the herd from a file',
      importHint: 'A CSV file (Excel, or the national register’s download)',
      add: 'Add animals one by one',
      addHint: 'Type them in on screen',
      invite: 'Invite family or staff',
      inviteHint: 'Send an invitation by mail',
      line: 'Link LINE',
      lineHint: 'Get the morning alerts on LINE',
    },
  },
});

/**
 * An empty farm's first steps on the home screen (docs/product.md §14): bring the herd in, add one animal, invite a
 * member, link LINE (settings, docs/product.md §15). Each step shows only while it is not done (LINE: not for an account
 * that signs in with LINE or has linked it, nor on a server without a LINE channel), and the card goes once the farm
 * has animals. Viewers, who can do none of them but the
 * last, do not see it.
 */
export function FirstSteps() {
  const { t } = useI18n();
  const { current } = useCurrentFarm();
  const counts = useQuery(statusCountsQuery);
  const { data: me } = useMe();
  const isOwner = current?.role === 'owner';
  const empty = counts.data !== undefined && (counts.data.total ?? 0) === 0;
  // The members are asked for only when the card shows (an empty farm): /home otherwise makes no call for them.
  const members = useQuery({ ...membersQuery(current?.id ?? 0), enabled: isOwner && empty });
  // LINE is offered only where this server has a LINE channel to link with (docs/product.md §16), and not twice.
  const line = useQuery({
    ...notificationSettingsQuery,
    enabled: empty && Boolean(me) && me?.oauthProvider !== 'line',
  });
  const offerLine = line.data?.lineLoginAvailable === true && !line.data.lineLinked;
  if (!current || current.role === 'viewer' || !counts.data || (counts.data.total ?? 0) > 0) return null;
  const alone = isOwner && members.data?.length === 1;
  return (
    <section className="card first-steps" aria-labelledby="first-steps">
      <h2 id="first-steps">{t('firstSteps.title')}</h2>
      <p className="muted">{t('firstSteps.lead')}</p>
      <ol className="first-steps__list">
        <li>
          <Link to="/cattle/import" className="first-steps__link">
            <FileUp size={24} aria-hidden="true" />
            <span className="first-steps__text">
              <span className="first-steps__label">{t('firstSteps.import')}</span>
              <span className="first-steps__hint">{t('firstSteps.importHint')}</span>
            </span>
            <ChevronRight size={20} aria-hidden="true" />
          </Link>
        </li>
        <li>
          <Link to="/cattle/new" className="first-steps__link">
            <Plus size={24} aria-hidden="true" />
            <span className="first-steps__text">
              <span className="first-steps__label">{t('firstSteps.add')}</span>
              <span className="first-steps__hint">{t('firstSteps.addHint')}</span>
            </span>
            <ChevronRight size={20} aria-hidden="true" />
          </Link>
        </li>
        {alone ? (
          <li>
            <Link to="/farms/members" className="first-steps__link">
              <UserPlus size={24} aria-hidden="true" />
              <span className="first-steps__text">
                <span className="first-steps__label">{t('firstSteps.invite')}</span>
                <span className="first-steps__hint">{t('firstSteps.inviteHint')}</span>
              </span>
              <ChevronRight size={20} aria-hidden="true" />
            </Link>
          </li>
        ) : null}
        {offerLine ? (
          <li>
            <Link to="/settings" hash="line" className="first-steps__link">
              <MessageCircle size={24} aria-hidden="true" />
              <span className="first-steps__text">
                <span className="first-steps__label">{t('firstSteps.line')}</span>
                <span className="first-steps__hint">{t('firstSteps.lineHint')}</span>
              </span>
              <ChevronRight size={20} aria-hidden="true" />
            </Link>
          </li>
        ) : null}
      </ol>
    </section>
  );
}
