import { useQuery } from '@tanstack/react-query';
import { openAlertsQuery } from '../../api/alerts';
import { ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { AlertCard } from './alert-card';
import './messages';
import './alerts.css';

/** For /cattle/$id: the animal's open alerts, with the same actions as the alert list. */
export function CattleAlerts({ cattleId }: { cattleId: number }) {
  const { t } = useI18n();
  const open = useQuery(openAlertsQuery({ cattleId }));
  return (
    <section className="card cattle-alerts" aria-labelledby={`cattle-alerts-${cattleId}`}>
      <h2 id={`cattle-alerts-${cattleId}`}>{t('alerts.cattleTitle')}</h2>
      {open.isPending ? (
        <Loading />
      ) : open.isError ? (
        <ErrorState error={open.error} onRetry={() => open.refetch()} />
      ) : open.data.results.length === 0 ? (
        <p className="muted">{t('alerts.cattleEmpty')}</p>
      ) : (
        <div className="alert-list">
          {open.data.results.map((alert) => (
            <AlertCard key={alert.id} alert={alert} showAnimal={false} />
          ))}
        </div>
      )}
    </section>
  );
}
