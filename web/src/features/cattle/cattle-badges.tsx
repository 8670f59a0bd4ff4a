import { todayJst } from '@worker/domain/calendar';
import { isRestricted, type Withdrawal } from '@worker/domain/withdrawal';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { withdrawalText } from '../../components/badges';
import { useI18n } from '../../lib/i18n';
import './messages';

export function AlertMarker({ count, severity }: { count: number; severity: 'high' | 'medium' | 'low' | null }) {
  const { t } = useI18n();
  if (!count || !severity) return null;
  const label = t('cattle.alertMarker', { count, severity: t(`cattle.severity.${severity}`) });
  return (
    <span className={`alert-marker alert-marker--${severity}`} title={label} aria-label={label} role="img">
      <TriangleAlert size={16} aria-hidden="true" />
      {count}
    </span>
  );
}

/** '出荷制限中' while the animal is inside a withdrawal period (§16), with the day it ends as its description. */
export function WithdrawalBadge({ withdrawal }: { withdrawal: Withdrawal | null | undefined }) {
  const { t } = useI18n();
  if (!withdrawal || !isRestricted(withdrawal, todayJst())) return null;
  return (
    <span className="badge badge--withdrawal" title={withdrawalText(t, withdrawal)}>
      {t('cattle.restricted')}
      <span className="visually-hidden">{`（${withdrawalText(t, withdrawal)}）`}</span>
    </span>
  );
}

/** "2歳3か月" or "7か月": the way farmers say an animal's age. */
export function useAgeLabel() {
  const { t } = useI18n();
  return (monthsOld: number | null) => {
    if (monthsOld === null || monthsOld === undefined) return t('cattle.unknown');
    const years = Math.floor(monthsOld / 12);
    return years > 0
      ? t('cattle.ageYears', { years, months: monthsOld % 12 })
      : t('cattle.ageMonths', { months: monthsOld });
  };
}

type SexAndAgeOf = {
  gender: string | null;
  monthsOld: number | null;
  daysOld: number | null;
  growthStage: string | null;
};

/** A calf is named a calf (雌子牛, Heifer calf), not a cow: under 6 months, or still at the CALF stage within its first year. */
const isCalf = (cow: SexAndAgeOf) =>
  cow.monthsOld !== null && (cow.monthsOld < 6 || (cow.growthStage === 'CALF' && cow.monthsOld < 12));

/** ['雌', '8歳1か月'], ['雌子牛', '7か月'], ['雄子牛', '生後12日']: sex and age as a farmer says them, list and page alike. */
/**
 * A grown animal's sex: in English a female is a cow once she has calved and a heifer before (a 10-month-old female is
 * a 'Heifer · 10 mo', never 'Cow/heifer'); Japanese says 雌 for both.
 */
const sexKey = (cow: SexAndAgeOf) =>
  cow.gender === '雌'
    ? cow.growthStage === 'FIRST_CALVED' || cow.growthStage === 'MULTI_PAROUS'
      ? 'cattle.female.cow'
      : 'cattle.female.heifer'
    : `cattle.gender.${cow.gender}`;

export function useSexAndAge() {
  const { t } = useI18n();
  const ageLabel = useAgeLabel();
  return (cow: SexAndAgeOf) => {
    const sex = cow.gender ? t(isCalf(cow) ? `cattle.calf.${cow.gender}` : sexKey(cow)) : '';
    const age =
      cow.monthsOld !== null && cow.monthsOld < 1 && cow.daysOld !== null
        ? t('cattle.daysOld', { days: cow.daysOld })
        : ageLabel(cow.monthsOld);
    return [sex, age].filter(Boolean);
  };
}

/** The ear tag, name, and sex and age of a herd-list row: the list online and the roster kept offline alike. */
export function CattleRowHead({
  cow,
  children,
}: {
  cow: SexAndAgeOf & { earTagNumber: string | null; name: string | null };
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const sexAndAge = useSexAndAge();
  return (
    <>
      <span className="cattle-row__tag">
        <span className="visually-hidden">{`${t('cattle.earTag')} ${cow.earTagNumber ?? ''}`}</span>
        <span aria-hidden="true">{cow.earTagNumber ?? '—'}</span>
      </span>
      <span className="cattle-row__main">
        <span className="cattle-row__name">{cow.name ?? '—'}</span>
        <span className="cattle-row__meta">{sexAndAge(cow).join(' · ')}</span>
        {children}
      </span>
    </>
  );
}
