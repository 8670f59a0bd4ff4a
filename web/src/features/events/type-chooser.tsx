import {
  EVENT_CATEGORIES,
  EVENT_CATEGORY_INFO,
  type EventCategory,
  type EventType,
  eventTypesOfCategory,
} from '@worker/domain/event-types';
import { useI18n } from '../../lib/i18n';
import { FieldError } from './fieldsets/fieldset';
import './messages';

/** The category buttons and the types of the chosen category; the alert's quick form shows the type in a line. */
export function TypeChooser({
  category,
  type,
  quick,
  error,
  hint,
  onCategory,
  onType,
  onExpand,
}: {
  category: EventCategory;
  type: EventType | null;
  quick: boolean;
  error: string | undefined;
  hint: string | null;
  onCategory: (category: EventCategory) => void;
  onType: (type: EventType) => void;
  onExpand: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      {quick ? (
        <div className="event-quick">
          <span className="event-quick__label">{t('events.typeLegend')}</span>
          <strong>{t(`events.type.${type}`)}</strong>
          <button type="button" className="button button--small" onClick={onExpand}>
            {t('events.changeType')}
          </button>
        </div>
      ) : null}
      <fieldset className="event-categories" hidden={quick}>
        <legend>{t('events.categoryLegend')}</legend>
        <div className="event-categories__list">
          {EVENT_CATEGORIES.map((c) => (
            <button
              key={c}
              type="button"
              className="button event-category"
              aria-pressed={category === c}
              style={{ '--cat': EVENT_CATEGORY_INFO[c].color } as React.CSSProperties}
              onClick={() => onCategory(c)}
            >
              {t(`events.category.${c}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset
        hidden={quick}
        className={`choice-group event-types${error ? ' field--error' : ''}`}
        aria-describedby={error ? 'event-type-error' : undefined}
      >
        <legend className="is-required">{t('events.typeLegend')}</legend>
        {eventTypesOfCategory(category).map((ty) => (
          <label key={ty} className="choice">
            <input type="radio" name="eventType" value={ty} checked={type === ty} onChange={() => onType(ty)} />
            {t(`events.type.${ty}`)}
          </label>
        ))}
        {error ? (
          <FieldError id="event-type-error" message={error} />
        ) : hint ? (
          <p className="field__hint event-types__hint">{hint}</p>
        ) : null}
      </fieldset>
    </>
  );
}
