import type { CattleDetail } from '@worker/cattle/cattle.types';
import { formatDateJa, jstDate } from '@worker/lib/jst';
import { useI18n } from '../../lib/i18n';
import './messages';

/** The animal's events, newest first, from the detail response. */
export function CattleEvents({ cow }: { cow: CattleDetail }) {
  const { t } = useI18n();
  if (cow.events.length === 0) return <p className="muted">{t('cattle.noEvents')}</p>;
  return (
    <ol className="history">
      {cow.events.map((e) => (
        <li key={e.eventId}>
          <time dateTime={e.eventDatetime}>{formatDateJa(jstDate(e.eventDatetime))}</time> <strong>{e.eventType}</strong>
          {e.notes ? <span className="muted"> {e.notes}</span> : null}
        </li>
      ))}
    </ol>
  );
}
