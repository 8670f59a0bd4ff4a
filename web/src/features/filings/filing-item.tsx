import { Link } from '@tanstack/react-router';
import { formatDateJa } from '@worker/domain/calendar';
import { FILING_FIELD_LABELS } from '@worker/domain/filings';
import type { Filing } from '../../api/filings';
import { type Locale, useI18n } from '../../lib/i18n';
import './messages';

export const filingFieldLabel = (field: string, locale: Locale) =>
  FILING_FIELD_LABELS[field as keyof typeof FILING_FIELD_LABELS]?.[locale] ?? field;

/** The fields entered on the animal's edit screen; farmerCode is the farm's; the rest are the event's. */
const ANIMAL_FIELDS = ['identificationNumber', 'birthday', 'gender', 'breed', 'motherIdentificationNumber'];

/** A missing field, as a link to where it is filled in (§21, turn 4). */
function MissingLink({ field, filing }: { field: string; filing: Filing }) {
  const { t, locale } = useI18n();
  const label = filingFieldLabel(field, locale);
  const id = String(filing.cattleId);
  const where = field === 'farmerCode' ? 'whereFarm' : ANIMAL_FIELDS.includes(field) ? 'whereAnimal' : 'whereRecord';
  const aria = t('filings.fillIn', { field: label, where: t(`filings.${where}`) });
  if (field === 'farmerCode')
    return (
      <Link to="/farms/members" className="filing__fix" aria-label={aria}>
        {label}
      </Link>
    );
  return (
    <Link
      to={ANIMAL_FIELDS.includes(field) ? '/cattle/$id/edit' : '/cattle/$id'}
      params={{ id }}
      className="filing__fix"
      aria-label={aria}
    >
      {label}
    </Link>
  );
}

/**
 * One filing of the list: the animal by ear tag and name (an unnamed calf by its dam, never by an internal number),
 * its dates as YYYY/MM/DD that never break on a phone, each missing field as a link to where it is filled in, and a
 * 44 px checkbox to pick it for 届出済みにする.
 */
export function FilingItem({
  filing,
  selected,
  onSelect,
  onUndo,
}: {
  filing: Filing;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onUndo: () => void;
}) {
  const { t } = useI18n();
  const who = filing.label;
  return (
    <li className="card filing" data-filing={filing.id}>
      <label className="filing__check">
        <input
          type="checkbox"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={t('filings.select', { name: who })}
        />
      </label>
      <div className="filing__body">
        <p className="filing__title">
          {who} {filing.identificationNumber ? <span className="muted">{filing.identificationNumber}</span> : null}
        </p>
        <p className="filing__meta">
          <span className="nowrap">
            {t('filings.eventDate')} {formatDateJa(filing.eventDate)}
          </span>{' '}
          <span className="nowrap">
            {t('filings.dueDate')} {formatDateJa(filing.dueDate)}
          </span>{' '}
          {filing.overdue ? <span className="filing__overdue nowrap">{t('filings.overdue')}</span> : null}
        </p>
        {filing.status === 'filed' ? (
          <p className="filing__meta">
            {t('filings.filedAt', { date: formatDateJa(filing.filedAt), name: filing.filedBy?.userName ?? '' })}
          </p>
        ) : null}
        {filing.missing.length ? (
          <p className="filing__missing">
            {t('filings.missing')}{' '}
            {filing.missing.map((f) => (
              <MissingLink key={f} field={f} filing={filing} />
            ))}
          </p>
        ) : null}
        {filing.eventDeleted ? <p className="filing__missing">{t('filings.eventDeleted')}</p> : null}
      </div>
      {filing.status === 'filed' ? (
        <div className="filing__actions">
          <button type="button" className="button button--small" onClick={onUndo}>
            {t('filings.undo')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
