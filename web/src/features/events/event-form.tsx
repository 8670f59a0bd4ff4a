import { useQuery } from '@tanstack/react-query';
import { jstDate, jstTime } from '@worker/domain/calendar';
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
import { calfOfService, INSEMINATION_METHODS, type InseminationMethod, isDairyBreed } from '@worker/domain/gestation';
import { type CreateEvent, createEventSchema } from '@worker/events/events.schemas';
import { type FormEvent, useEffect, useState } from 'react';
import { cattleDetailQuery } from '../../api/cattle';
import { type EventDetails, type EventView, recentInputsQuery } from '../../api/events';
import { AnimalPicker, type PickableAnimal } from '../../components/animal-picker';
import { FormError, SubmitButton, TextAreaField, TextField } from '../../components/form';
import { describeError, type FieldErrors, zodFieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { parseNumberInput } from '../../lib/number-input';
import { type CalfDraft, CalvesFields, calfDetails, calfDrafts, isCalfErrorKey } from './event-calves';
import { BREED_SUGGESTIONS } from './format';
import './messages';

/** `YYYY-MM-DDTHH:mm` in Japan time, for a datetime-local input. */
export const jstLocalInput = (instant: Date | string = new Date()) => `${jstDate(instant)}T${jstTime(instant)}`;

type Text = Record<string, string>;

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The fields each way of service takes (§6); only the chosen method's are sent. */
const METHOD_FIELDS: Record<InseminationMethod, readonly string[]> = {
  AI: ['sireName', 'sireBreed', 'technician', 'semenLot'],
  ET: ['embryoId', 'embryoBreed', 'technician', 'sireName'],
  NATURAL: ['sireName', 'sireBreed'],
};
const DETAIL_TEXT_FIELDS = ['sireName', 'sireBreed', 'technician', 'semenLot', 'embryoId', 'embryoBreed'] as const;

/** The error keys the form shows beside a field; any other is shown with the form's own error. */
const PLACED = new Set([
  'cattleId',
  'eventType',
  'eventDatetime',
  'notes',
  'details',
  'details.method',
  'details.result',
  'details.weightKg',
  'details.product',
  'details.dose',
  'details.withdrawalMeatDays',
  'details.withdrawalMilkDays',
  'details.difficult',
  ...DETAIL_TEXT_FIELDS.map((f) => `details.${f}`),
]);

const methodOf = (value: unknown): InseminationMethod => INSEMINATION_METHODS.find((m) => m === value) ?? 'AI';

/** The typed detail fields of docs/product.md §6, built from the form's state. */
function buildDetails(
  type: EventType,
  f: Text,
  method: InseminationMethod,
  calves: CalfDraft[],
  difficult: boolean,
): Record<string, unknown> | null {
  const clean = (o: Record<string, unknown>) => {
    const v = Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined && x !== ''));
    return Object.keys(v).length ? v : null;
  };
  switch (type) {
    case 'INSEMINATION':
      return clean({ method, ...Object.fromEntries(METHOD_FIELDS[method].map((k) => [k, f[k]])) });
    case 'PREGNANCY_CHECK':
      return f.result ? { result: f.result } : {};
    case 'CALVING':
      return clean({
        difficult: difficult || undefined,
        calves: calves.length ? calves.map(calfDetails) : undefined,
      });
    case 'WEIGHT_MEASURED':
      return f.weightKg?.trim() ? { weightKg: parseNumberInput(f.weightKg) } : {};
    case 'VACCINATION':
    case 'MEDICATION':
      return clean({
        product: f.product,
        dose: f.dose,
        // Withdrawal days (休薬期間, §16): empty is none.
        withdrawalMeatDays: f.withdrawalMeatDays?.trim() ? parseNumberInput(f.withdrawalMeatDays) : undefined,
        withdrawalMilkDays: f.withdrawalMilkDays?.trim() ? parseNumberInput(f.withdrawalMilkDays) : undefined,
      });
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
  presetType,
  initialAnimal,
  pickAnimal,
  pending,
  error,
  onSubmit,
  onCancel,
  compact = false,
}: {
  event?: EventView;
  /** A new event's type chosen beforehand (an alert's action); the time is now. */
  presetType?: EventType;
  initialAnimal?: PickableAnimal | null;
  pickAnimal: boolean;
  pending: boolean;
  error: unknown;
  /** The values as the API takes them, and the animal chosen (for saying which one when the event is queued). */
  onSubmit: (values: CreateEvent, animal: PickableAnimal | null) => void;
  onCancel?: () => void;
  /**
   * Opened from an alert's action with the animal and type given (§15): both shown in a line, the usual fields, then
   * 保存 on the first phone screen; the optional details folded below it.
   */
  compact?: boolean;
}) {
  const { t } = useI18n();
  const d: EventDetails = event?.details ?? {};
  const initialType = event && isEventType(event.eventType) ? event.eventType : (presetType ?? null);
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
    ...Object.fromEntries(DETAIL_TEXT_FIELDS.map((k) => [k, str(d[k])])),
    result: str(d.result),
    weightKg: str(d.weightKg),
    product: str(d.product),
    dose: str(d.dose),
    withdrawalMeatDays: str(d.withdrawalMeatDays),
    withdrawalMilkDays: str(d.withdrawalMilkDays),
  });
  const [method, setMethod] = useState<InseminationMethod>(methodOf(d.method));
  const [difficult, setDifficult] = useState(d.difficult === true);
  const [calves, setCalves] = useState<CalfDraft[]>(() => calfDrafts(d, event?.eventType !== 'CALVING'));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [expanded, setExpanded] = useState(!compact);
  // A new service: the farm's sires and technicians are offered first, the last used already filled in (§15).
  const recent = useQuery({ ...recentInputsQuery(), enabled: !event && type === 'INSEMINATION' });
  const lastSire = recent.data?.sires[0];
  const lastTechnician = recent.data?.technicians[0];
  // Offered for an AI: another way of service (ET, natural) starts from what the farmer types, not the last AI's sire.
  const prefill = {
    sireName: lastSire?.name ?? '',
    sireBreed: lastSire?.breed ?? '',
    technician: lastTechnician ?? '',
  };
  useEffect(() => {
    if ((!lastSire && !lastTechnician) || method !== 'AI') return;
    setFields((f) =>
      f.sireName || f.technician || f.sireBreed
        ? f
        : { ...f, sireName: lastSire?.name ?? '', sireBreed: lastSire?.breed ?? '', technician: lastTechnician ?? '' },
    );
  }, [lastSire, lastTechnician, method]);
  function chooseMethod(next: InseminationMethod) {
    setMethod(next);
    if (next === 'AI' || event) return;
    // Values still as filled in from the last AI are taken back; anything the farmer typed stays.
    setFields((f) => {
      const kept = { ...f };
      for (const key of ['sireName', 'sireBreed', 'technician'] as const)
        if (prefill[key] && f[key] === prefill[key]) kept[key] = '';
      return kept;
    });
  }
  const server = describeError(error);
  const errors = { ...server.fields, ...clientErrors };
  const unplaced = Object.entries(errors).find(([key]) => !PLACED.has(key) && !isCalfErrorKey(key))?.[1];
  const set = (name: string) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));
  // The animal's breed words the hints: dairy cows (ホルスタイン, ジャージー) are dried off and bear F1 crosses.
  const animalId = animal?.cattleId ?? event?.cattleId ?? 0;
  const detail = useQuery({ ...cattleDetailQuery(animalId), enabled: animalId > 0, staleTime: 60_000 });
  const breed = detail.data?.breed ?? null;
  const dairy = isDairyBreed(breed);
  const expectedCalf =
    type === 'INSEMINATION' && (breed || fields.sireBreed.trim() || fields.embryoBreed.trim())
      ? calfOfService(breed, {
          method,
          sireBreed: METHOD_FIELDS[method].includes('sireBreed') ? fields.sireBreed : null,
          embryoBreed: fields.embryoBreed,
        })
      : null;
  const textField = (name: (typeof DETAIL_TEXT_FIELDS)[number], label: string, hint?: string) => (
    <TextField
      label={label}
      value={fields[name]}
      onChange={set(name)}
      error={errors[`details.${name}`]}
      hint={hint}
      autoComplete="off"
      list={
        name === 'sireBreed' || name === 'embryoBreed'
          ? 'event-breeds'
          : name === 'sireName'
            ? 'event-recent-sires'
            : name === 'technician'
              ? 'event-recent-technicians'
              : undefined
      }
    />
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = createEventSchema.safeParse({
      cattleId: animal?.cattleId ?? event?.cattleId,
      eventType: type ?? '',
      eventDatetime: datetime ? `${datetime}:00+09:00` : '',
      details: type ? buildDetails(type, fields, method, calves, difficult) : null,
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
    onSubmit(parsed.data, animal);
  }

  const typeError = errors.eventType;
  // The alert's quick form: only while the animal and type are set and nothing needs the full form.
  const quick = !expanded && animal !== null && type !== null && Object.keys(errors).length === 0;
  const quickAi = quick && type === 'INSEMINATION' && method === 'AI';
  const notesField = (
    <TextAreaField
      label={t('events.notes')}
      rows={3}
      value={notes}
      onChange={(e) => setNotes(e.target.value)}
      error={errors.notes}
    />
  );
  const datalists = (
    <>
      <datalist id="event-recent-sires">
        {recent.data?.sires.map((s) => (
          <option key={s.name} value={s.name} />
        ))}
      </datalist>
      <datalist id="event-recent-technicians">
        {recent.data?.technicians.map((name) => (
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
  const methodFieldset = (
    <fieldset
      className={`event-methods${errors['details.method'] ? ' field--error' : ''}`}
      aria-describedby={errors['details.method'] ? 'event-method-error' : undefined}
    >
      <legend>{t('events.methodLegend')}</legend>
      <div className="event-methods__list">
        {INSEMINATION_METHODS.map((m) => (
          <label key={m} className="choice event-method">
            <input type="radio" name="method" value={m} checked={method === m} onChange={() => chooseMethod(m)} />
            {t(`events.method.${m}`)}
          </label>
        ))}
      </div>
      {errors['details.method'] ? (
        <p className="field__error" id="event-method-error" role="alert">
          {errors['details.method']}
        </p>
      ) : null}
    </fieldset>
  );
  const expectedCalfNote = expectedCalf?.breed ? (
    <p className="event-form__note">
      {t('events.expectedCalf', { breed: expectedCalf.breed, days: expectedCalf.daysToCalving })}
    </p>
  ) : null;
  return (
    <form className="form event-form" onSubmit={submit} noValidate>
      {pickAnimal ? <AnimalPicker value={animal} onChange={setAnimal} error={errors.cattleId} /> : null}

      {quick ? (
        <div className="event-quick">
          <span className="event-quick__label">{t('events.typeLegend')}</span>
          <strong>{t(`events.type.${type}`)}</strong>
          <button type="button" className="button button--small" onClick={() => setExpanded(true)}>
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
        hidden={quick}
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
        ) : category === 'BREEDING' && dairy ? (
          <p className="field__hint event-types__hint">{t('events.dryOffHint')}</p>
        ) : type === 'DRY_OFF' && breed && !dairy ? (
          <p className="field__hint event-types__hint">{t('events.dryOffNotDairy')}</p>
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

      {quickAi ? (
        <>
          {textField('sireName', t('events.sireName'))}
          {textField('technician', t('events.technician'))}
          {datalists}
        </>
      ) : type === 'INSEMINATION' ? (
        <>
          {methodFieldset}
          {method === 'ET' ? (
            <>
              {textField('embryoId', t('events.embryoId'))}
              {textField(
                'embryoBreed',
                t('events.embryoBreed'),
                dairy ? t('events.embryoBreedDairyHint', { dam: breed }) : t('events.embryoBreedHint'),
              )}
              {textField('technician', t('events.transferredBy'))}
              {textField('sireName', t('events.sireName'))}
            </>
          ) : (
            <>
              {textField('sireName', t('events.sireName'))}
              {textField(
                'sireBreed',
                t('events.sireBreed'),
                dairy ? t('events.sireBreedDairyHint', { dam: breed }) : t('events.sireBreedHint'),
              )}
              {method === 'AI' ? (
                <>
                  {textField('technician', t('events.technician'))}
                  {textField('semenLot', t('events.semenLot'))}
                </>
              ) : null}
            </>
          )}
          {datalists}
          {expectedCalfNote}
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
          <label className="choice event-form__check">
            <input type="checkbox" checked={difficult} onChange={(e) => setDifficult(e.target.checked)} />
            {t('events.difficult')}
          </label>
          <CalvesFields
            calves={calves}
            onChange={setCalves}
            errors={errors}
            hint={dairy ? t('events.calfBreedDairyHint', { dam: breed }) : undefined}
          />
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
          <TextField
            label={t('events.withdrawalMeatDays')}
            inputMode="numeric"
            value={fields.withdrawalMeatDays}
            onChange={set('withdrawalMeatDays')}
            error={errors['details.withdrawalMeatDays']}
            hint={t('events.withdrawalHint')}
            autoComplete="off"
          />
          <TextField
            label={t('events.withdrawalMilkDays')}
            inputMode="numeric"
            value={fields.withdrawalMilkDays}
            onChange={set('withdrawalMilkDays')}
            error={errors['details.withdrawalMilkDays']}
            hint={t('events.withdrawalHint')}
            autoComplete="off"
          />
        </>
      ) : null}

      {quick ? null : notesField}
      <FormError message={server.message ?? errors.details ?? unplaced} />
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
      {quick ? (
        <details className="event-form__more">
          <summary>{t('events.moreDetails')}</summary>
          {quickAi ? (
            <>
              {methodFieldset}
              {textField(
                'sireBreed',
                t('events.sireBreed'),
                dairy ? t('events.sireBreedDairyHint', { dam: breed }) : t('events.sireBreedHint'),
              )}
              {textField('semenLot', t('events.semenLot'))}
              {expectedCalfNote}
            </>
          ) : null}
          {notesField}
        </details>
      ) : null}
    </form>
  );
}
