import { useQuery } from '@tanstack/react-query';
import {
  EVENT_TYPE_INFO,
  type EventCategory,
  type EventType,
  eventTypesOfCategory,
  isEventType,
} from '@worker/domain/event-types';
import { isDairyBreed } from '@worker/domain/gestation';
import { type CreateEvent, createEventSchema } from '@worker/events/events.schemas';
import { type FormEvent, useEffect, useState } from 'react';
import { cattleDetailQuery } from '../../api/cattle';
import type { EventView } from '../../api/events';
import { AnimalPicker, type PickableAnimal } from '../../components/animal-picker';
import { FormError, SubmitButton, TextAreaField, TextField } from '../../components/form';
import { describeError, type FieldErrors, zodFieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { isCalfErrorKey } from './event-calves';
import { buildDetails, jstLocalInput, PLACED, useDetailDraft } from './event-draft';
import { DetailFieldset, TypeChooser } from './event-fieldsets';
import './messages';

interface EventFormProps {
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
}

/** The animal's breed, which words the hints: dairy cows (ホルスタイン, ジャージー) are dried off and bear F1 crosses. */
function useBreedOf(cattleId: number) {
  const detail = useQuery({ ...cattleDetailQuery(cattleId), enabled: cattleId > 0, staleTime: 60_000 });
  const breed = detail.data?.breed ?? null;
  return { breed, dairy: isDairyBreed(breed) };
}

/**
 * Records or corrects an event: the type by category, the time (JST), one fieldset of typed details per type, and
 * notes. Validates with the API's own schema before sending (and sends what it normalised), and shows the API's field
 * errors in place.
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
}: EventFormProps) {
  const { t } = useI18n();
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
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [expanded, setExpanded] = useState(!compact);
  const state = useDetailDraft(event, type);
  const { breed, dairy } = useBreedOf(animal?.cattleId ?? event?.cattleId ?? 0);
  const server = describeError(error);
  const errors = { ...server.fields, ...clientErrors };
  const unplaced = Object.entries(errors).find(([key]) => !PLACED.has(key) && !isCalfErrorKey(key))?.[1];

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = createEventSchema.safeParse({
      cattleId: animal?.cattleId ?? event?.cattleId,
      eventType: type ?? '',
      eventDatetime: datetime ? `${datetime}:00+09:00` : '',
      details: type ? buildDetails(type, state.draft) : null,
      notes: notes.trim() ? notes : null,
    });
    if (!parsed.success) {
      const found = zodFieldErrors(parsed.error);
      // Without a picker the animal is the event's own; its error, if any, is shown with the form's.
      if (!pickAnimal && found.cattleId) {
        found.details ??= found.cattleId;
        delete found.cattleId;
      }
      return setClientErrors(found);
    }
    setClientErrors({});
    onSubmit(parsed.data, animal);
  }

  // The alert's quick form: only while the animal and type are set and nothing needs the full form.
  const quick = !expanded && animal !== null && type !== null && Object.keys(errors).length === 0;
  const fieldset = { state, errors, breed, dairy, type };
  const typeHint =
    category === 'BREEDING' && dairy
      ? t('events.dryOffHint')
      : type === 'DRY_OFF' && breed && !dairy
        ? t('events.dryOffNotDairy')
        : null;
  const notesField = (
    <TextAreaField
      label={t('events.notes')}
      rows={3}
      value={notes}
      onChange={(e) => setNotes(e.target.value)}
      error={errors.notes}
    />
  );
  return (
    <form className="form event-form" onSubmit={submit} noValidate>
      {pickAnimal ? <AnimalPicker value={animal} onChange={setAnimal} error={errors.cattleId} /> : null}
      <TypeChooser
        category={category}
        type={type}
        quick={quick}
        error={errors.eventType}
        hint={typeHint}
        onCategory={(c) => {
          setCategory(c);
          const types = eventTypesOfCategory(c);
          setType(types.length === 1 ? types[0] : null);
        }}
        onType={setType}
        onExpand={() => setExpanded(true)}
      />
      <TextField
        label={t('events.datetime')}
        type="datetime-local"
        required
        value={datetime}
        onChange={(e) => setDatetime(e.target.value)}
        error={errors.eventDatetime}
      />
      <DetailFieldset {...fieldset} part={quick ? 'quick' : 'all'} />
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
          <DetailFieldset {...fieldset} part="more" />
          {notesField}
        </details>
      ) : null}
    </form>
  );
}
