import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createLineLinkCode, notificationSettingsQuery } from '../../api/notifications';
import { FormError } from '../../components/form';
import { describeError } from '../../lib/form-errors';
import { defineMessages, useI18n } from '../../lib/i18n';

defineMessages({
  ja: {
    lineCode: {
      title: 'コードで連携する',
      lead: '連携コードを表示し、牛帳の公式アカウントとのLINEのトークにそのまま送ってください。LINEから牛の記録や作業の完了ができるようになります。',
      show: '連携コードを表示',
      again: '新しいコードを表示',
      code: '連携コード',
      until: '{{time}}まで有効（10分）',
      waiting: 'LINEでコードを送ると、ここに「連携済み」と表示されます。',
    },
  },
  en: {
    lineCode: {
      title: 'Link with a code',
      lead: 'Show a link code and send it as it is in your LINE chat with Ushichō’s official account. You can then record events and finish tasks from LINE.',
      show: 'Show a link code',
      again: 'Show a new code',
      code: 'Link code',
      until: 'Valid until {{time}} (10 minutes)',
      waiting: 'Once you send the code in LINE, this shows “Linked”.',
    },
  },
});

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' });

/**
 * Settings, not linked yet: a one-use code to send to the official account (docs/product.md §25). While a code is
 * shown the link state is asked again every 3 seconds, so the card turns to 連携済み as soon as LINE has it.
 */
export function LineLinkCode() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const code = useMutation({ mutationFn: createLineLinkCode });
  const shown = code.data;
  useEffect(() => {
    if (!shown) return;
    const timer = window.setInterval(
      () => queryClient.invalidateQueries({ queryKey: notificationSettingsQuery.queryKey }),
      3000,
    );
    return () => window.clearInterval(timer);
  }, [shown, queryClient]);
  return (
    <div className="line-code">
      <h3>{t('lineCode.title')}</h3>
      <p className="muted">{t('lineCode.lead')}</p>
      {shown ? (
        <>
          <dl className="facts">
            <dt>{t('lineCode.code')}</dt>
            <dd className="line-code__value">{shown.code}</dd>
          </dl>
          <p className="muted">{t('lineCode.until', { time: timeOf(shown.expiresAt) })}</p>
          <p role="status">{t('lineCode.waiting')}</p>
        </>
      ) : null}
      <button type="button" className="button" disabled={code.isPending} onClick={() => code.mutate()}>
        {shown ? t('lineCode.again') : t('lineCode.show')}
      </button>
      <FormError message={describeError(code.error).message} />
    </div>
  );
}
