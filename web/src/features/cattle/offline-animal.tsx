import { Link } from '@tanstack/react-router';
import { formatDateJa, jstTime, todayJst } from '@worker/domain/calendar';
import { breedLabel } from '@worker/domain/cattle-enums';
import { EVENT_TYPE_INFO } from '@worker/domain/event-types';
import { isRestricted } from '@worker/domain/withdrawal';
import { CalendarPlus } from 'lucide-react';
import { useRoster } from '../../api/cattle';
import { StatusBadge, withdrawalText } from '../../components/badges';
import { EmptyState, Loading } from '../../components/states';
import { defineMessages, useI18n } from '../../lib/i18n';
import { findInRoster, type RosterAnimal, withAges } from '../../lib/roster';
import { breedingAsOf } from '../../lib/roster-breeding';
import { useSexAndAge, WithdrawalBadge } from './cattle-badges';
import './messages';
import './cattle-detail.css';

defineMessages({
  ja: {
    offlineAnimal: {
      kept: '最終更新 {{time}}（オフライン）',
      timeline: '記録の一覧はオンラインで表示されます',
      notKept: 'オフラインのため、この牛を表示できません',
      notKeptBody: '電波が戻ると表示されます。この端末の牛台帳にない牛です。',
      quick: 'よく使う記録',
      lastCalvingDate: '最終分娩日',
      lastServiceDate: '最終授精日',
    },
  },
  en: {
    offlineAnimal: {
      kept: 'Last updated {{time}} (offline)',
      timeline: 'The records are shown when you are online',
      notKept: 'Offline: this animal cannot be shown',
      notKeptBody: 'It shows once the signal is back. It is not in the herd kept on this phone.',
      quick: 'Record',
      lastCalvingDate: 'Last calving',
      lastServiceDate: 'Last service',
    },
  },
});

/** The records a barn visit makes most, offered as buttons that open the form filled in. */
const QUICK = ['ESTRUS', 'INSEMINATION', 'PREGNANCY_CHECK', 'WEIGHT_MEASURED'] as const;

/**
 * Her breeding state as the roster kept it (§20 turn 4): parity, last calving and service, calving due, and days open
 * counted for today on the phone (lib/roster-breeding.ts); nothing for a roster kept before the server sent it.
 */
function OfflineBreeding({ cow }: { cow: RosterAnimal }) {
  const { t } = useI18n();
  const breeding = breedingAsOf(cow);
  if (!breeding) return null;
  const facts: [string, string | number | null][] = [
    // Unknown is said so, never shown as 0 (§5).
    [t('cattle.parity'), breeding.parity ?? t('cattle.parityUnknown')],
    [t('offlineAnimal.lastCalvingDate'), formatDateJa(breeding.lastCalvingDate)],
    [t('offlineAnimal.lastServiceDate'), formatDateJa(breeding.lastServiceDate)],
    [t('cattle.expectedCalvingDate'), formatDateJa(breeding.expectedCalvingDate)],
    [t('cattle.daysOpenLabel'), breeding.daysOpen === null ? null : t('cattle.days', { value: breeding.daysOpen })],
  ];
  return (
    <section className="card animal-section" aria-labelledby="offline-breeding">
      <h2 id="offline-breeding">{t('cattle.breedingStatus')}</h2>
      <dl className="facts">
        {facts.map(([label, value]) => (
          <div key={label} className="facts__item">
            <dt>{label}</dt>
            <dd>{value === null || value === '' ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** '出荷制限中' and its end while she is inside a meat withdrawal (§16), as her page online says it. */
function OfflineWithdrawal({ cow }: { cow: RosterAnimal }) {
  const { t } = useI18n();
  const withdrawal = breedingAsOf(cow)?.withdrawal;
  if (!withdrawal || !isRestricted(withdrawal, todayJst())) return null;
  return (
    <p className="animal-header__withdrawal" role="note">
      {t('cattle.withdrawalTitle')}: {withdrawalText(t, withdrawal)}
    </p>
  );
}

/**
 * An animal's page without signal, for any animal of the roster kept on the phone (§20, turn 4) — never an endless
 * '読み込み中…': her tag, name, sex and age, status, breeding state and profile as last fetched, '最終更新 HH:MM
 * （オフライン）', and the record buttons (a record made here waits under 未送信). Her timeline and history need the
 * signal.
 */
export function OfflineAnimal({ id }: { id: number }) {
  const { t, locale } = useI18n();
  const roster = useRoster();
  const sexAndAge = useSexAndAge();
  if (roster.isPending) return <Loading />;
  const found = findInRoster(roster.data, id);
  if (!found || !roster.data)
    return (
      <EmptyState title={t('offlineAnimal.notKept')}>
        <p>{t('offlineAnimal.notKeptBody')}</p>
      </EmptyState>
    );
  const [cow] = withAges([found]);
  if (!cow) return null;
  return (
    <div className="page offline-animal">
      <header className="animal-header card">
        <div className="animal-header__id">
          <span className="animal-header__tag">
            <span className="visually-hidden">{`${t('cattle.earTag')} `}</span>
            {cow.earTagNumber ?? '—'}
          </span>
          <div>
            <h1>{cow.name ?? '—'}</h1>
            <p className="muted">
              {t('cattle.idNumber')} {cow.identificationNumber ?? t('common.unregistered')}
              {sexAndAge(cow).map((part) => ` · ${part}`)}
            </p>
          </div>
        </div>
        <div className="animal-header__badges">
          <StatusBadge status={cow.status} />
          <WithdrawalBadge withdrawal={breedingAsOf(cow)?.withdrawal} />
        </div>
        <OfflineWithdrawal cow={cow} />
        <p className="muted" role="status">
          {t('offlineAnimal.kept', { time: jstTime(roster.data.checkedAt) })}
        </p>
        <div className="animal-header__actions">
          <Link to="/events/new" search={{ cattleId: id }} className="button button--primary">
            <CalendarPlus size={20} aria-hidden="true" />
            {t('cattle.recordEvent')}
          </Link>
        </div>
      </header>
      <section className="card animal-section" aria-labelledby="offline-quick">
        <h2 id="offline-quick">{t('offlineAnimal.quick')}</h2>
        <div className="offline-animal__quick">
          {QUICK.map((type) => (
            <Link key={type} to="/events/new" search={{ cattleId: id, type }} className="button">
              {EVENT_TYPE_INFO[type][locale]}
            </Link>
          ))}
        </div>
      </section>
      <OfflineBreeding cow={cow} />
      <section className="card animal-section">
        <h2>{t('cattle.profile')}</h2>
        <dl className="facts">
          <div className="facts__item">
            <dt>{t('cattle.birthday')}</dt>
            <dd>{formatDateJa(cow.birthday) || '—'}</dd>
          </div>
          <div className="facts__item">
            <dt>{t('cattle.breed')}</dt>
            <dd>{cow.breed ? breedLabel(cow.breed, locale) : '—'}</dd>
          </div>
          <div className="facts__item">
            <dt>{t('cattle.growthStageLabel')}</dt>
            <dd>{cow.growthStage ? t(`cattle.growthStage.${cow.growthStage}`) : '—'}</dd>
          </div>
        </dl>
        <p className="muted">{t('offlineAnimal.timeline')}</p>
      </section>
    </div>
  );
}
