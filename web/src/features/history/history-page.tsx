import { useI18n } from '../../lib/i18n';
import { ChangeHistory } from './change-history';
import './messages';

/** /history: the farm's change history (owners: everyone's; staff: their own). */
export function HistoryPage() {
  const { t } = useI18n();
  return (
    <div className="page page--narrow">
      <header className="page__header">
        <h1>{t('history.farmTitle')}</h1>
        <p>{t('history.farmLead')}</p>
      </header>
      <ChangeHistory title={t('history.title')} />
    </div>
  );
}
