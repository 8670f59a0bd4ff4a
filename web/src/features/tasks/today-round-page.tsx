import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formatDateJa } from '@worker/domain/calendar';
import { programmeWords } from '@worker/domain/programme-words';
import { showFarm } from '../../api/farms';
import { type FarmToday, meTodayQuery, type TodayItem } from '../../api/tasks';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import './messages';
import './tasks.css';

/** One farm's morning: its counts, then each alert and task; opening one shows that farm and the animal. */
function FarmMorning({ farm }: { farm: FarmToday }) {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const open = async (item: TodayItem) => {
    await showFarm(queryClient, farm.farmId);
    await navigate({ to: '/cattle/$id', params: { id: String(item.cattleId) } });
  };
  const titleId = `round-farm-${farm.farmId}`;
  return (
    <section className="card round-farm" aria-labelledby={titleId}>
      <h2 id={titleId}>{farm.farmName}</h2>
      <p className="muted">
        {t('tasks.roundCounts', { high: farm.alerts.high, medium: farm.alerts.medium, tasks: farm.tasksDue })}
      </p>
      {farm.items.length === 0 ? (
        <p className="muted">{t('tasks.roundNothing')}</p>
      ) : (
        <ul className="round-items">
          {farm.items.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              <button
                type="button"
                className={`round-item round-item--${item.severity ?? 'task'}`}
                onClick={() => void open(item)}
              >
                <span className="round-item__kind">{item.kind === 'alert' ? t('tasks.alert') : t('tasks.task')}</span>
                <span className="round-item__animal">{[item.earTagNumber, item.name].filter(Boolean).join(' ')}</span>
                <span className="round-item__title">{programmeWords(item.title, locale)}</span>
                {item.dueDate ? <span className="muted">{formatDateJa(item.dueDate)}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /today, 今日の巡回: the morning across every farm the caller works for (GET /me/today). */
export function TodayRoundPage() {
  const { t } = useI18n();
  const farms = useQuery(meTodayQuery);
  return (
    <div className="page round-page">
      <h1>{t('tasks.roundTitle')}</h1>
      {farms.isPending ? (
        <Loading />
      ) : farms.isError ? (
        <ErrorState error={farms.error} onRetry={() => farms.refetch()} />
      ) : farms.data.length === 0 ? (
        <EmptyState title={t('tasks.roundEmpty')} />
      ) : (
        farms.data.map((farm) => <FarmMorning key={farm.farmId} farm={farm} />)
      )}
    </div>
  );
}
