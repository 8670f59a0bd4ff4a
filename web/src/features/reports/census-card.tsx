import { useQuery } from '@tanstack/react-query';
import { todayJst } from '@worker/domain/calendar';
import { CENSUS_CATEGORY_LABELS, CENSUS_PURPOSE_LABELS, defaultCensusDate } from '@worker/domain/census';
import { type FormEvent, useState } from 'react';
import { censusQuery } from '../../api/filings';
import { TextField } from '../../components/form';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import './messages';

/** The head count as of a day (default 1 February), for the annual report (§21), shown in the reports screen. */
export function CensusCard() {
  const { t, locale } = useI18n();
  const [date, setDate] = useState(() => defaultCensusDate(todayJst()));
  const query = useQuery(censusQuery(date));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('date') ?? '');
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) setDate(value);
  };
  return (
    <section className="card census" aria-labelledby="census-title">
      <h2 id="census-title">{t('census.title')}</h2>
      <p className="muted">{t('census.lead')}</p>
      <form className="form census__form" onSubmit={onSubmit}>
        <TextField label={t('census.date')} name="date" type="date" defaultValue={date} required />
        <button type="submit" className="button">
          {t('census.show')}
        </button>
      </form>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.total === 0 ? (
        <EmptyState title={t('census.empty')} />
      ) : (
        <table className="census__table">
          <caption>{t('census.total', { n: query.data.total })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('census.purpose')}</th>
              <th scope="col">{t('census.category')}</th>
              <th scope="col">{t('census.count')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.groups.map((g) => (
              <tr key={`${g.purpose}-${g.category}`}>
                <td>{CENSUS_PURPOSE_LABELS[g.purpose][locale]}</td>
                <td>{CENSUS_CATEGORY_LABELS[g.category][locale]}</td>
                <td>{t('census.head', { n: g.count })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
