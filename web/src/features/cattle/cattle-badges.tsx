import { CATTLE_STATUSES } from '@worker/domain/cattle-enums';
import { TriangleAlert } from 'lucide-react';
import { useI18n } from '../../lib/i18n';
import './messages';

export function StatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  const known = CATTLE_STATUSES.find((s) => s === status);
  return (
    <span className={`badge badge--status-${status.toLowerCase()}`}>
      {known ? t(`cattle.status.${known}`) : status}
    </span>
  );
}

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
