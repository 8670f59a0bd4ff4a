import { useQuery } from '@tanstack/react-query';
import { addMonths, formatDateJa, jstMonth, todayJst } from '@worker/domain/calendar';
import { useState } from 'react';
import { priceStatsQuery } from '../../api/shipments';
import { ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { manYen, monthLabel, yen } from './format';
import { PriceChart } from './price-chart';

type Choice = 'last12' | 'thisYear' | 'lastYear';
const choices: { value: Choice; labelKey: string }[] = [
  { value: 'last12', labelKey: 'shipments.periodLast12' },
  { value: 'thisYear', labelKey: 'shipments.periodThisYear' },
  { value: 'lastYear', labelKey: 'shipments.periodLastYear' },
];

function periodOf(choice: Choice): { from?: string; to?: string } {
  const year = Number(todayJst().slice(0, 4));
  if (choice === 'thisYear') return { from: `${year}-01-01`, to: todayJst() };
  if (choice === 'lastYear') return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  return { from: `${addMonths(jstMonth(), -11)}-01`, to: todayJst() };
}

export function StatsTab() {
  const { t, locale } = useI18n();
  const [choice, setChoice] = useState<Choice>('last12');
  const stats = useQuery(priceStatsQuery(periodOf(choice)));

  return (
    <div className="shipments-tab">
      <fieldset className="choice-group">
        <legend>{t('shipments.period')}</legend>
        {choices.map((c) => (
          <label key={c.value} className="choice">
            <input
              type="radio"
              name="stats-period"
              value={c.value}
              checked={choice === c.value}
              onChange={() => setChoice(c.value)}
            />
            {t(c.labelKey)}
          </label>
        ))}
      </fieldset>
      {stats.isLoading ? (
        <Loading />
      ) : stats.isError ? (
        <ErrorState error={stats.error} onRetry={() => stats.refetch()} />
      ) : stats.data ? (
        <>
          <dl className="stat-tiles">
            <div className="card stat-tile">
              <dt>{t('shipments.totalShipments')}</dt>
              <dd data-testid="total-shipments">{t('shipments.headCount', { n: stats.data.totalShipments })}</dd>
            </div>
            <div className="card stat-tile">
              <dt>{t('shipments.totalRevenue')}</dt>
              <dd>{manYen(stats.data.totalRevenue, locale)}</dd>
            </div>
            <div className="card stat-tile">
              <dt>{t('shipments.averagePrice')}</dt>
              <dd>{yen(stats.data.averagePrice, locale)}</dd>
            </div>
            <div className="card stat-tile">
              <dt>{t('shipments.maxPrice')}</dt>
              <dd>{yen(stats.data.maxPrice, locale)}</dd>
            </div>
            <div className="card stat-tile">
              <dt>{t('shipments.minPrice')}</dt>
              <dd>{yen(stats.data.minPrice, locale)}</dd>
            </div>
          </dl>
          <section className="card" aria-labelledby="chart-title">
            <h2 id="chart-title">{t('shipments.chartTitle')}</h2>
            {stats.data.totalShipments === 0 ? <p className="muted">{t('shipments.statsEmpty')}</p> : null}
            <PriceChart
              months={stats.data.monthlyStats}
              from={formatDateJa(stats.data.from)}
              to={formatDateJa(stats.data.to)}
            />
            <section className="table-scroll" tabIndex={0} aria-label={t('shipments.chartTitle')}>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t('shipments.month')}</th>
                    <th scope="col">{t('shipments.count')}</th>
                    <th scope="col">{t('shipments.revenue')}</th>
                    <th scope="col">{t('shipments.averagePrice')}</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.data.monthlyStats.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{monthLabel(m.month, locale)}</th>
                      <td>{m.count}</td>
                      <td>{yen(m.totalRevenue, locale)}</td>
                      <td>{yen(m.averagePrice, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </section>
        </>
      ) : null}
    </div>
  );
}
