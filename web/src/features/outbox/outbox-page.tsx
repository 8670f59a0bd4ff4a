import { Link } from '@tanstack/react-router';
import { formatInstantTimeJa } from '@worker/domain/calendar';
import { useEffect, useState } from 'react';
import { loadOutbox } from '../../api/queued';
import { useI18n } from '../../lib/i18n';
import { outboxLabel } from '../../lib/outbox-label';
import type { QueuedWrite } from '../../lib/write-queue';
import './messages';
import './outbox.css';

type Outbox = Awaited<ReturnType<typeof loadOutbox>>;

/** /outbox (未送信): the offline queue, to send now, fix (events, in their form) or discard. Nothing goes silently. */
export function OutboxPage() {
  const { t, locale } = useI18n();
  const [outbox, setOutbox] = useState<Outbox | null>(null);
  const [items, setItems] = useState<readonly QueuedWrite[]>([]);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<number | null>(null);

  useEffect(() => {
    let off = () => {};
    void loadOutbox().then(async (module) => {
      setOutbox(module);
      off = module.onQueueChange(() => setItems(module.listQueued()));
      await module.flush().catch(() => 0);
      setItems(module.listQueued());
    });
    return () => off();
  }, []);

  async function retry() {
    if (!outbox) return;
    setSending(true);
    try {
      // What was sent refetches the screens (the queue's afterSent, set at app start).
      setSent(await outbox.retryAll());
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="page page--narrow outbox-page">
      <header className="page__header">
        <h1>{t('outbox.title')}</h1>
        <p>{t('outbox.lead')}</p>
      </header>
      {sent !== null ? (
        <p className="alert alert--success" role="status">
          {t('outbox.sent', { count: sent })}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="card">{t('outbox.empty')}</p>
      ) : (
        <>
          <button
            type="button"
            className="button button--primary button--block"
            onClick={retry}
            disabled={sending || !outbox}
          >
            {sending ? t('outbox.sending') : t('outbox.retry')}
          </button>
          <ul className="outbox-list">
            {items.map((item) => (
              <li key={item.key} className={`card outbox-item outbox-item--${item.status}`}>
                <p className="outbox-item__what">{outboxLabel(item, locale)}</p>
                <p className="outbox-item__meta">
                  {t('outbox.recordedAt', { time: formatInstantTimeJa(item.createdAt) })}
                  {' · '}
                  {item.status === 'failed' ? t('outbox.failed') : t('outbox.waiting')}
                </p>
                {item.error ? (
                  <p className="field__error">
                    {item.error === 'animal-discarded' ? t('outbox.animalDiscarded') : item.error}
                  </p>
                ) : null}
                <div className="outbox-item__actions">
                  {item.kind === 'event' && item.status === 'failed' ? (
                    <Link to="/events/new" search={{ queued: item.key }} className="button">
                      {t('outbox.fix')}
                    </Link>
                  ) : null}
                  <button
                    type="button"
                    className="button button--danger"
                    onClick={() => {
                      if (window.confirm(t('outbox.discardConfirm'))) void outbox?.discard(item.key);
                    }}
                  >
                    {t('outbox.discard')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
