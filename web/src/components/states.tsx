import type { ReactNode } from 'react';
import { ApiError } from '../api/client';
import { useI18n } from '../lib/i18n';

export function Loading({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label ?? t('common.loading')}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state--empty">
      <p className="state__title">{title}</p>
      {children}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useI18n();
  const message =
    error instanceof ApiError && error.code === 'NETWORK_ERROR'
      ? t('common.networkError')
      : error instanceof Error
        ? error.message
        : String(error);
  return (
    <div className="state state--error" role="alert">
      <p className="state__title">{t('common.loadFailed')}</p>
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
