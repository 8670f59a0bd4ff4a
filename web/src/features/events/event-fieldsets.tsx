import {
  EVENT_CATEGORIES,
  EVENT_CATEGORY_INFO,
  type EventCategory,
  type EventType,
  eventTypesOfCategory,
  PREGNANCY_RESULTS,
} from '@worker/domain/event-types';
import { calfOfService, INSEMINATION_METHODS } from '@worker/domain/gestation';
import type { ReactNode } from 'react';
import { TextField } from '../../components/form';
import type { FieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { COUNTERPARTY_FIELDSETS } from './counterparty-fields';
import { CalvesFields } from './event-calves';
import { type DetailDraftState, type DetailTextField, METHOD_FIELDS } from './event-draft';
import { BREED_SUGGESTIONS } from './format';
import './messages';

/**
 * What a type's fieldset is given: the details being filled in, the errors, the animal's breed (dairy cows are dried
 * off and bear F1 crosses), and which part to show — all of it, the alert's quick form, or what it folds away.
 */
export interface FieldsetProps {
  state: DetailDraftState;
  errors: FieldErrors;
  breed: string | null;
  dairy: boolean;
  part: 'all' | 'quick' | 'more';
}

function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  return message ? (
    <p className="field__error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}

const LISTS: Partial<Record<DetailTextField, string>> = {
  sireBreed: 'event-breeds',
  embryoBreed: 'event-breeds',
  sireName: 'event-recent-sires',
  technician: 'event-recent-technicians',
};

function DetailText({
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
function ServiceSuggestions({ state }: Pick<FieldsetProps, 'state'>) {
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

function MethodFieldset({ state, errors }: Pick<FieldsetProps, 'state' | 'errors'>) {
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
function ExpectedCalf({ state, breed }: Pick<FieldsetProps, 'state' | 'breed'>) {
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

/** 授精・ET・本交: the way of service, then its own fields; the alert's quick AI shows the sire and technician only. */
function InseminationFields(props: FieldsetProps) {
  const { t } = useI18n();
  const { state, errors, breed, dairy, part } = props;
  const text = (name: DetailTextField, label: string, hint?: string) => (
    <DetailText name={name} label={label} hint={hint} state={state} errors={errors} />
  );
  const sireBreedHint = dairy ? t('events.sireBreedDairyHint', { dam: breed }) : t('events.sireBreedHint');
  const quickAi = part !== 'all' && state.draft.method === 'AI';
  if (quickAi && part === 'quick')
    return (
      <>
        {text('sireName', t('events.sireName'))}
        {text('technician', t('events.technician'))}
        <ServiceSuggestions state={state} />
      </>
    );
  if (quickAi)
    return (
      <>
        <MethodFieldset state={state} errors={errors} />
        {text('sireBreed', t('events.sireBreed'), sireBreedHint)}
        {text('semenLot', t('events.semenLot'))}
        <ExpectedCalf state={state} breed={breed} />
      </>
    );
  if (part === 'more') return null;
  const method = state.draft.method;
  return (
    <>
      <MethodFieldset state={state} errors={errors} />
      {method === 'ET' ? (
        <>
          {text('embryoId', t('events.embryoId'))}
          {text(
            'embryoBreed',
            t('events.embryoBreed'),
            dairy ? t('events.embryoBreedDairyHint', { dam: breed }) : t('events.embryoBreedHint'),
          )}
          {text('technician', t('events.transferredBy'))}
          {text('sireName', t('events.sireName'))}
        </>
      ) : (
        <>
          {text('sireName', t('events.sireName'))}
          {text('sireBreed', t('events.sireBreed'), sireBreedHint)}
          {method === 'AI' ? text('technician', t('events.technician')) : null}
          {method === 'AI' ? text('semenLot', t('events.semenLot')) : null}
        </>
      )}
      <ServiceSuggestions state={state} />
      <ExpectedCalf state={state} breed={breed} />
    </>
  );
}

function PregnancyCheckFields({ state, errors }: FieldsetProps) {
  const { t } = useI18n();
  return (
    <fieldset className={`choice-group${errors['details.result'] ? ' field--error' : ''}`}>
      <legend className="is-required">{t('events.result')}</legend>
      {PREGNANCY_RESULTS.map((r) => (
        <label key={r} className="choice">
          <input
            type="radio"
            name="result"
            value={r}
            checked={state.draft.fields.result === r}
            onChange={state.set('result')}
          />
          {t(`events.resultValue.${r}`)}
        </label>
      ))}
      <FieldError message={errors['details.result']} />
    </fieldset>
  );
}

function CalvingFields({ state, errors, breed, dairy }: FieldsetProps) {
  const { t } = useI18n();
  return (
    <>
      <label className="choice event-form__check">
        <input type="checkbox" checked={state.draft.difficult} onChange={(e) => state.setDifficult(e.target.checked)} />
        {t('events.difficult')}
      </label>
      <CalvesFields
        calves={state.draft.calves}
        onChange={state.setCalves}
        errors={errors}
        hint={dairy ? t('events.calfBreedDairyHint', { dam: breed }) : undefined}
      />
    </>
  );
}

function WeightFields({ state, errors }: FieldsetProps) {
  const { t } = useI18n();
  return (
    <TextField
      label={t('events.weightKg')}
      inputMode="decimal"
      required
      value={state.draft.fields.weightKg}
      onChange={state.set('weightKg')}
      error={errors['details.weightKg']}
    />
  );
}

/** A vaccination or a treatment: the product, the dose and the withdrawal days (休薬期間, §17). */
function TreatmentFields({ state, errors }: FieldsetProps) {
  const { t } = useI18n();
  const field = (name: string, label: string, numeric: boolean) => (
    <TextField
      label={label}
      inputMode={numeric ? 'numeric' : undefined}
      value={state.draft.fields[name]}
      onChange={state.set(name)}
      error={errors[`details.${name}`]}
      hint={numeric ? t('events.withdrawalHint') : undefined}
      autoComplete={numeric ? 'off' : undefined}
    />
  );
  return (
    <>
      {field('product', t('events.product'), false)}
      {field('dose', t('events.dose'), false)}
      {field('withdrawalMeatDays', t('events.withdrawalMeatDays'), true)}
      {field('withdrawalMilkDays', t('events.withdrawalMilkDays'), true)}
    </>
  );
}

/** One fieldset per event type that has typed details (§6); the others take the date and notes only. */
const FIELDSETS: Partial<Record<EventType, (props: FieldsetProps) => ReactNode>> = {
  ...COUNTERPARTY_FIELDSETS,
  INSEMINATION: InseminationFields,
  PREGNANCY_CHECK: PregnancyCheckFields,
  CALVING: CalvingFields,
  WEIGHT_MEASURED: WeightFields,
  VACCINATION: TreatmentFields,
  MEDICATION: TreatmentFields,
};

export function DetailFieldset({ type, ...props }: FieldsetProps & { type: EventType | null }) {
  const Fieldset = type ? FIELDSETS[type] : undefined;
  if (!Fieldset || (props.part === 'more' && type !== 'INSEMINATION')) return null;
  return <Fieldset {...props} />;
}

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
