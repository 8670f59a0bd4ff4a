import { jstDate, jstTime } from '@worker/domain/calendar';
import { GENDER_LABELS, GENDERS } from '@worker/domain/cattle-enums';
import {
  EVENT_CATEGORIES,
  EVENT_CATEGORY_INFO,
  EVENT_TYPE_INFO,
  type EventCategory,
  type EventType,
  eventTypesOfCategory,
  isEventType,
  PREGNANCY_RESULTS,
} from '@worker/domain/event-types';
import { type CreateEvent, createEventSchema } from '@worker/events/events.schemas';
import { type FormEvent, useEffect, useState } from 'react';
import type { EventDetails, EventView } from '../../api/events';
import { AnimalPicker, type PickableAnimal } from '../../components/animal-picker';
import { FormError, SubmitButton, TextAreaField, TextField } from '../../components/form';
import { describeError, type FieldErrors, zodFieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { parseNumberInput } from '../../lib/number-input';
import './messages';

/** `YYYY-MM-DDTHH:mm` in Japan time, for a datetime-local input. */
export const jstLocalInput = (instant: Date | string = new Date()) => `${jstDate(instant)}T${jstTime(instant)}`;

type Text = Record<string, string>;

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** An identifier as typed, trimmed (a string: its leading zeros stay; the API normalises it); empty is not given. */
const idText = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

/** The typed detail fields of docs/product.md §6, built from flat form state. */
function buildDetails(
  type: EventType,
  f: Text,
  registerCalf: boolean,
  difficult: boolean,
): Record<string, unknown> | null {
  const clean = (o: Record<string, unknown>) => {
    const v = Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined && x !== ''));
    return Object.keys(v).length ? v : null;
  };
  switch (type) {
    case 'INSEMINATION':
      return clean({ sireName: f.sireName, technician: f.technician, semenLot: f.semenLot });
    case 'PREGNANCY_CHECK':
      return f.result ? { result: f.result } : {};
    case 'CALVING':
      return clean({
        difficult: difficult || undefined,
        calf: registerCalf
          ? (clean({
              name: f.calfName,
              gender: f.calfGender || undefined,
              identificationNumber: idText(f.calfIdentificationNumber),
              earTagNumber: idText(f.calfEarTagNumber),
            }) ?? {})
          : undefined,
      });
    case 'WEIGHT_MEASURED':
      return f.weightKg?.trim() ? { weightKg: parseNumberInput(f.weightKg) } : {};
    case 'VACCINATION':
    case 'MEDICATION':
      return clean({ product: f.product, dose: f.dose });
    default:
      return null;
  }
}

/**
 * Records or corrects an event: the type by category, the time (JST), typed details and notes. Validates with
 * the API's own schema before sending (and sends what it normalised), and shows the API's field errors in place.
 */
export function EventForm({
  event,
  initialAnimal,
  pickAnimal,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  event?: EventView;
  initialAnimal?: PickableAnimal | null;
  pickAnimal: boolean;
  pending: boolean;
  error: unknown;
  onSubmit: (values: CreateEvent) => void;
  onCancel?: () => void;
}) {
  const { t, locale } = useI18n();
  const d: EventDetails = event?.details ?? {};
  const calf = d.calf;
  const initialType = event && isEventType(event.eventType) ? event.eventType : null;
  const [animal, setAnimal] = useState<PickableAnimal | null>(initialAnimal ?? null);
  useEffect(() => {
    if (initialAnimal) setAnimal(initialAnimal);
  }, [initialAnimal]);
  const [category, setCategory] = useState<EventCategory>(
    initialType ? EVENT_TYPE_INFO[initialType].category : 'BREEDING',
  );
  const [type, setType] = useState<EventType | null>(initialType);
  const [datetime, setDatetime] = useState(event ? jstLocalInput(event.eventDatetime) : jstLocalInput());
  const [notes, setNotes] = useState(event?.notes ?? '');
  const [fields, setFields] = useState<Text>({
    sireName: str(d.sireName),
    technician: str(d.technician),
    semenLot: str(d.semenLot),
    result: str(d.result),
    weightKg: str(d.weightKg),
    product: str(d.product),
    dose: str(d.dose),
    calfName: str(calf?.name),
    calfGender: str(calf?.gender),
    calfIdentificationNumber: str(calf?.identificationNumber),
    calfEarTagNumber: str(calf?.earTagNumber),
  });
  const [difficult, setDifficult] = useState(d.difficult === true);
  const [registerCalf, setRegisterCalf] = useState(Boolean(calf));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const server = describeError(error);
  const errors = { ...server.fields, ...clientErrors };
  const set = (name: string) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));
  const calfRegistered = calf?.cattleId !== undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = createEventSchema.safeParse({
      cattleId: animal?.cattleId ?? event?.cattleId,
      eventType: type ?? '',
      eventDatetime: datetime ? `${datetime}:00+09:00` : '',
      details: type ? buildDetails(type, fields, registerCalf, difficult) : null,
      notes: notes.trim() ? notes : null,
    });
    if (!parsed.success) {
      const found = zodFieldErrors(parsed.error);
      // Without a picker the animal is the event's own; its error, if any, is shown with the form's.
      if (!pickAnimal && found.cattleId) {
        found.details ??= found.cattleId;
        delete found.cattleId;
      }
      setClientErrors(found);
      return;
    }
    setClientErrors({});
    onSubmit(parsed.data);
  }

  const typeError = errors.eventType;
  return (
    <form className="form event-form" onSubmit={submit} noValidate>
      {pickAnimal ? <AnimalPicker value={animal} onChange={setAnimal} error={errors.cattleId} /> : null}

      <fieldset className="event-categories">
        <legend>{t('events.categoryLegend')}</legend>
        <div className="event-categories__list">
          {EVENT_CATEGORIES.map((c) => (
            <button
              key={c}
              type="button"
              className="button event-category"
              aria-pressed={category === c}
              style={{ '--cat': EVENT_CATEGORY_INFO[c].color } as React.CSSProperties}
              onClick={() => {
                setCategory(c);
                const types = eventTypesOfCategory(c);
                setType(types.length === 1 ? types[0] : null);
              }}
            >
              {t(`events.category.${c}`)}
            </button>
          ))}
        </div>
      </fieldset>

      <fieldset
        className={`choice-group event-types${typeError ? ' field--error' : ''}`}
        aria-describedby={typeError ? 'event-type-error' : undefined}
      >
        <legend className="is-required">{t('events.typeLegend')}</legend>
        {eventTypesOfCategory(category).map((ty) => (
          <label key={ty} className="choice">
            <input type="radio" name="eventType" value={ty} checked={type === ty} onChange={() => setType(ty)} />
            {t(`events.type.${ty}`)}
          </label>
        ))}
        {typeError ? (
          <p className="field__error" id="event-type-error" role="alert">
            {typeError}
          </p>
        ) : null}
      </fieldset>

      <TextField
        label={t('events.datetime')}
        type="datetime-local"
        required
        value={datetime}
        onChange={(e) => setDatetime(e.target.value)}
        error={errors.eventDatetime}
      />

      {type === 'INSEMINATION' ? (
        <>
          <TextField
            label={t('events.sireName')}
            value={fields.sireName}
            onChange={set('sireName')}
            error={errors['details.sireName']}
            autoComplete="off"
          />
          <TextField
            label={t('events.technician')}
            value={fields.technician}
            onChange={set('technician')}
            error={errors['details.technician']}
          />
          <TextField
            label={t('events.semenLot')}
            value={fields.semenLot}
            onChange={set('semenLot')}
            error={errors['details.semenLot']}
          />
        </>
      ) : null}

      {type === 'PREGNANCY_CHECK' ? (
        <fieldset className={`choice-group${errors['details.result'] ? ' field--error' : ''}`}>
          <legend className="is-required">{t('events.result')}</legend>
          {PREGNANCY_RESULTS.map((r) => (
            <label key={r} className="choice">
              <input type="radio" name="result" value={r} checked={fields.result === r} onChange={set('result')} />
              {t(`events.resultValue.${r}`)}
            </label>
          ))}
          {errors['details.result'] ? (
            <p className="field__error" role="alert">
              {errors['details.result']}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      {type === 'CALVING' ? (
        <>
          <label className="choice">
            <input type="checkbox" checked={difficult} onChange={(e) => setDifficult(e.target.checked)} />
            {t('events.difficult')}
          </label>
          <label className="choice">
            <input
              type="checkbox"
              checked={registerCalf}
              disabled={calfRegistered}
              onChange={(e) => setRegisterCalf(e.target.checked)}
            />
            {t('events.registerCalf')}
          </label>
          {registerCalf && !calfRegistered ? (
            <div className="event-calf">
              <fieldset className={`choice-group${errors['details.calf.gender'] ? ' field--error' : ''}`}>
                <legend className="is-required">{t('events.calfGender')}</legend>
                {GENDERS.map((g) => (
                  <label key={g} className="choice">
                    <input
                      type="radio"
                      name="calfGender"
                      value={g}
                      checked={fields.calfGender === g}
                      onChange={set('calfGender')}
                    />
                    {GENDER_LABELS[g][locale]}
                  </label>
                ))}
                {errors['details.calf.gender'] ? (
                  <p className="field__error" role="alert">
                    {errors['details.calf.gender']}
                  </p>
                ) : null}
              </fieldset>
              <TextField
                label={t('events.calfName')}
                value={fields.calfName}
                onChange={set('calfName')}
                error={errors['details.calf.name']}
              />
              <TextField
                label={t('events.calfIdentificationNumber')}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={fields.calfIdentificationNumber}
                onChange={set('calfIdentificationNumber')}
                hint={t('events.calfIdentificationHint')}
                error={errors['details.calf.identificationNumber']}
              />
              <TextField
                label={t('events.calfEarTag')}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={fields.calfEarTagNumber}
                onChange={set('calfEarTagNumber')}
                error={errors['details.calf.earTagNumber']}
              />
            </div>
          ) : null}
        </>
      ) : null}

      {type === 'WEIGHT_MEASURED' ? (
        <TextField
          label={t('events.weightKg')}
          inputMode="decimal"
          required
          value={fields.weightKg}
          onChange={set('weightKg')}
          error={errors['details.weightKg']}
        />
      ) : null}

      {type === 'VACCINATION' || type === 'MEDICATION' ? (
        <>
          <TextField
            label={t('events.product')}
            value={fields.product}
            onChange={set('product')}
            error={errors['details.product']}
          />
          <TextField
            label={t('events.dose')}
            value={fields.dose}
            onChange={set('dose')}
            error={errors['details.dose']}
          />
        </>
      ) : null}

      <TextAreaField
        label={t('events.notes')}
        rows={3}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        error={errors.notes}
      />
      <FormError message={server.message ?? errors.details} />
      <div className="event-form__actions">
        <SubmitButton pending={pending} className="button--block">
          {pending ? t('events.saving') : t('events.save')}
        </SubmitButton>
        {onCancel ? (
          <button type="button" className="button button--block" onClick={onCancel}>
            {t('events.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
