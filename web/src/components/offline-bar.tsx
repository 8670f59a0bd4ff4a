import { Link } from '@tanstack/react-router';
import { jstTime } from '@worker/domain/calendar';
import { CloudOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { defineMessages, useI18n } from '../lib/i18n';
import { getOfflineState, onOfflineStateChange } from '../lib/offline-status';
import { useOnline } from '../lib/use-online';

defineMessages({
  ja: {
    offline: {
      lastUpdated: '最終更新 {{time}}（オフライン）',
      noSignal: 'オフライン',
      queued: '未送信 {{count}}',
      failed: '要確認 {{count}}',
    },
  },
  en: {
    offline: {
      lastUpdated: 'Last updated {{time}} (offline)',
      noSignal: 'Offline',
      queued: 'Unsent {{count}}',
      failed: '{{count}} to check',
    },
  },
});

/**
 * Above every signed-in screen: '最終更新 HH:MM（オフライン）' when the data shown is the service worker's saved copy
 * (or the device says it has no signal), and '未送信 N' leading to the queue when writes wait to be sent (§15).
 * Loaded after the first screen (app-shell.tsx): it matters only once something was fetched or queued.
 */
export function OfflineBar() {
  const { t } = useI18n();
  const state = useSyncExternalStore(onOfflineStateChange, getOfflineState);
  const online = useOnline();
  const offline = state.cachedAt !== null || !online;
  if (!offline && state.queued === 0 && !state.notice) return null;
  return (
    <div className={`offline-bar${offline ? ' offline-bar--offline' : ''}`}>
      {state.notice ? (
        <p className="offline-bar__notice alert alert--success" role="status">
          {state.notice}
        </p>
      ) : null}
      {offline ? (
        <p className="offline-bar__status" role="status">
          <CloudOff size={18} aria-hidden="true" />
          {state.cachedAt ? t('offline.lastUpdated', { time: jstTime(state.cachedAt) }) : t('offline.noSignal')}
        </p>
      ) : null}
      {state.queued > 0 ? (
        <Link to="/outbox" className="button offline-bar__queue">
          {t('offline.queued', { count: state.queued })}
          {state.failed > 0 ? <span className="nav-badge">{t('offline.failed', { count: state.failed })}</span> : null}
        </Link>
      ) : null}
    </div>
  );
}
