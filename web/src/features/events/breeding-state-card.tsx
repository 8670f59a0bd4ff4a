import { Link } from '@tanstack/react-router';
import { formatDateJa } from '@worker/domain/calendar';
import { CATTLE_STATUSES, STATUS_LABELS } from '@worker/domain/cattle-enums';
import type { AnimalState, EventDetails } from '../../api/events';
import { useI18n } from '../../lib/i18n';
import { useCalfLinkLabel } from './event-details';
import './messages';

/**
 * The animal's breeding state as an event left it, shown right after saving, with a link to each calf a calving
 * registered (named from the calving's `calves` when given).
 */
export function BreedingStateCard({ state, calves = [] }: { state: AnimalState; calves?: EventDetails['calves'] }) {
  const { t, locale } = useI18n();
  const linkLabel = useCalfLinkLabel();
  const calfIds = state.calfCattleIds ?? (state.calfCattleId ? [state.calfCattleId] : []);
  const bs = state.breedingStatus;
  const days = (n: number | null) => (n === null ? t('events.none') : t('events.days', { n }));
  const date = (d: string | null) => (d ? formatDateJa(d) : t('events.none'));
  const status = CATTLE_STATUSES.find((s) => s === state.status);
  const facts: [string, string][] = [
    [t('events.status'), status ? STATUS_LABELS[status][locale] : state.status],
    [t('events.parity'), bs.parity === null ? t('events.parityUnknown') : String(bs.parity)],
    [t('events.inseminationCount'), String(bs.inseminationCount)],
    [t('events.expectedCalvingDate'), date(bs.expectedCalvingDate)],
    [t('events.scheduledPregnancyCheckDate'), date(bs.scheduledPregnancyCheckDate)],
    [t('events.pregnancyDays'), days(bs.pregnancyDays)],
    [t('events.daysAfterInsemination'), days(bs.daysAfterInsemination)],
    [t('events.daysAfterCalving'), days(bs.daysAfterCalving)],
    [t('events.daysOpen'), days(bs.daysOpen)],
  ];
  return (
    <section className="card" aria-labelledby="breeding-state-title" data-testid="breeding-state">
      <h2 id="breeding-state-title">{t('events.newState')}</h2>
      <dl className="facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {calfIds.length ? (
        <div className="breeding-state__calves">
          {calfIds.map((id, i) => (
            <Link key={id} to="/cattle/$id" params={{ id: String(id) }} className="button">
              {linkLabel(calves?.find((c) => c.cattleId === id) ?? {}, i, calfIds.length)}
            </Link>
          ))}
        </div>
      ) : null}
    </section>
  );
}
