/** The parts of a service's fieldset (授精・ET・本交): its text fields, suggestions, way of service and expected calf. */
import { calfOfService, INSEMINATION_METHODS } from '@worker/domain/gestation';
import { TextField } from '../../../components/form';
import { useI18n } from '../../../lib/i18n';
import { type DetailTextField, METHOD_FIELDS } from '../event-draft';
import { BREED_SUGGESTIONS } from '../format';
import { FieldError, type FieldsetProps } from './fieldset';
import '../messages';

const LISTS: Partial<Record<DetailTextField, string>> = {
  sireBreed: 'event-breeds',
  embryoBreed: 'event-breeds',
  sireName: 'event-recent-sires',
  technician: 'event-recent-technicians',
};

export function DetailText({
  name,
  label,
  hint,
  state,
  errors,
}: { name: DetailTextField; label: string; hint?: string } & Pick<FieldsetProps, 'state' | 'errors'>) {
  return (
    <TextField
      label={label}
      value={state.draft.fields[name]}
      onChange={state.set(name)}
      error={errors[`details.${name}`]}
      hint={hint}
      autoComplete="off"
      list={LISTS[name]}
    />
  );
}

/** The farm's recent sires and technicians and the usual breeds, offered as the service fields are typed. */
export function ServiceSuggestions({ state }: Pick<FieldsetProps, 'state'>) {
  return (
    <>
      <datalist id="event-recent-sires">
        {state.recent?.sires.map((s) => (
          <option key={s.name} value={s.name} />
        ))}
      </datalist>
      <datalist id="event-recent-technicians">
        {state.recent?.technicians.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <datalist id="event-breeds">
        {BREED_SUGGESTIONS.map((b) => (
          <option key={b} value={b} />
        ))}
      </datalist>
    </>
  );
}

export function MethodFieldset({ state, errors }: Pick<FieldsetProps, 'state' | 'errors'>) {
  const { t } = useI18n();
  const error = errors['details.method'];
  return (
    <fieldset
      className={`event-methods${error ? ' field--error' : ''}`}
      aria-describedby={error ? 'event-method-error' : undefined}
    >
      <legend>{t('events.methodLegend')}</legend>
      <div className="event-methods__list">
        {INSEMINATION_METHODS.map((m) => (
          <label key={m} className="choice event-method">
            <input
              type="radio"
              name="method"
              value={m}
              checked={state.draft.method === m}
              onChange={() => state.chooseMethod(m)}
            />
            {t(`events.method.${m}`)}
          </label>
        ))}
      </div>
      <FieldError id="event-method-error" message={error} />
    </fieldset>
  );
}

/** The calf a service should bring (its breed by the dam and the sire or embryo, and the days to calving). */
export function ExpectedCalf({ state, breed }: Pick<FieldsetProps, 'state' | 'breed'>) {
  const { t } = useI18n();
  const { method, fields } = state.draft;
  if (!breed && !fields.sireBreed.trim() && !fields.embryoBreed.trim()) return null;
  const calf = calfOfService(breed, {
    method,
    sireBreed: METHOD_FIELDS[method].includes('sireBreed') ? fields.sireBreed : null,
    embryoBreed: fields.embryoBreed,
  });
  return calf.breed ? (
    <p className="event-form__note">{t('events.expectedCalf', { breed: calf.breed, days: calf.daysToCalving })}</p>
  ) : null;
}
