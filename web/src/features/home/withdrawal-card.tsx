import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { restrictedCattleQuery } from '../../api/cattle';
import { withdrawalText } from '../../components/badges';
import { defineMessages, useI18n } from '../../lib/i18n';

defineMessages({
  ja: {
    homeWithdrawal: {
      title: '出荷制限中',
      lead: '休薬期間中の牛です。期間が明けるまで出荷できません。',
      more: 'ほか{{count}}頭',
    },
  },
  en: {
    homeWithdrawal: {
      title: 'Under withdrawal',
      lead: 'These animals are inside a withdrawal period and cannot be shipped until it ends.',
      more: '{{count}} more',
    },
  },
});

/** The home screen's card of animals inside a withdrawal period today, with the day each one ends (§16). */
export function WithdrawalCard() {
  const { t } = useI18n();
  const restricted = useQuery(restrictedCattleQuery());
  const data = restricted.data;
  if (!data || data.totalCount === 0) return null;
  return (
    <section className="card home-withdrawal" aria-labelledby="home-withdrawal">
      <h2 id="home-withdrawal">{t('homeWithdrawal.title')}</h2>
      <p className="muted">{t('homeWithdrawal.lead')}</p>
      <ul className="home-withdrawal__list">
        {data.results.map((cow) => (
          <li key={cow.cattleId}>
            <Link to="/cattle/$id" params={{ id: String(cow.cattleId) }} className="home-withdrawal__link">
              <span className="home-withdrawal__animal">
                {cow.earTagNumber ? `#${cow.earTagNumber} ` : ''}
                {cow.name ?? '—'}
              </span>{' '}
              <span className="home-withdrawal__until">{withdrawalText(t, cow.withdrawal)}</span>
            </Link>
          </li>
        ))}
      </ul>
      {data.totalCount > data.results.length ? (
        <p className="muted">{t('homeWithdrawal.more', { count: data.totalCount - data.results.length })}</p>
      ) : null}
    </section>
  );
}
