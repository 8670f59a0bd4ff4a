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
import { useEffect, useState } from 'react';
import { cattleDetailQuery } from '../../api/cattle';
import type { EventView } from '../../api/events';
import { AnimalPicker, type PickableAnimal } from '../../components/animal-picker';
import { FormError, SubmitButton, TextAreaField, TextField, useSchemaForm } from '../../components/form';
import type { FieldErrors } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import { isCalfErrorKey } from './event-calves';
import { buildDetails, jstLocalInput, PLACED, useDetailDraft } from './event-draft';
import { DetailFieldset } from './fieldsets';
import { TypeChooser } from './type-chooser';
import './messages';

interface EventFormProps<Result> {
  event?: EventView;
  /** A new event's type chosen beforehand (an alert's action); the time is now. */
  presetType?: EventType;
  initialAnimal?: PickableAnimal | null;
  pickAnimal: boolean;
  /**
   * Sends the values as the API takes them, with the animal chosen (for saying which one when the event is queued
   * offline). While it runs the form is saving; its failure is shown on the form (the API's 400 details in place).
   */
  submit: (values: CreateEvent, animal: PickableAnimal | null) => Promise<Result>;
  /** What follows a saved (or queued) event: the screen's next step. */
  onSaved: (result: Result) => unknown;
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

/** The event as it is filled in: the animal, the category and type, the time (JST), the notes and the typed details. */
function useEventDraft({
  event,
  presetType,
  initialAnimal,
}: Pick<EventFormProps<unknown>, 'event' | 'presetType' | 'initialAnimal'>) {
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
  const details = useDetailDraft(event, type);
  const chooseCategory = (c: EventCategory) => {
    setCategory(c);
    const types = eventTypesOfCategory(c);
    setType(types.length === 1 ? types[0] : null);
  };
  /** The body as the API's schema reads it. */
  const values = () => ({
    cattleId: animal?.cattleId ?? event?.cattleId,
    eventType: type ?? '',
    eventDatetime: datetime ? `${datetime}:00+09:00` : '',
    details: type ? buildDetails(type, details.draft) : null,
    notes: notes.trim() ? notes : null,
  });
  return {
    animal,
    setAnimal,
    category,
    chooseCategory,
    type,
    setType,
    datetime,
    setDatetime,
    notes,
    setNotes,
    details,
    values,
  };
}

/**
 * Records or corrects an event on the form kit: the type by category, the time (JST), the type's own fieldset of typed
 * details (fieldsets/), and notes. Checked with the API's own schema before sending (what it normalised is sent), the
 * API's field errors shown in place, and any error no field shows with the form's message.
 */
export function EventForm<Result>({
  pickAnimal,
  submit,
  onSaved,
  onCancel,
  compact = false,
  ...start
}: EventFormProps<Result>) {
  const { t } = useI18n();
  const draft = useEventDraft(start);
  const { animal, type, category } = draft;
  const [expanded, setExpanded] = useState(!compact);
  const { breed, dairy } = useBreedOf(animal?.cattleId ?? start.event?.cattleId ?? 0);
  const form = useSchemaForm({
    schema: createEventSchema,
    values: draft.values,
    submit: (values) => submit(values, animal),
    onSaved,
  });
  // Without a picker the animal is the event's own; its error, if any, is shown with the form's.
  const errors = pickAnimal ? form.errors : withoutAnimal(form.errors);
  const unplaced = Object.entries(errors).find(([key]) => !PLACED.has(key) && !isCalfErrorKey(key))?.[1];

  // The alert's quick form: only while the animal and type are set and nothing needs the full form.
  const quick = !expanded && animal !== null && type !== null && Object.keys(errors).length === 0;
  const fieldset = { state: draft.details, errors, breed, dairy, type };
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
      value={draft.notes}
      onChange={(e) => draft.setNotes(e.target.value)}
      error={errors.notes}
    />
  );
  return (
    <form className="form event-form" onSubmit={form.onSubmit} noValidate>
      {pickAnimal ? <AnimalPicker value={animal} onChange={draft.setAnimal} error={errors.cattleId} /> : null}
      <TypeChooser
        category={category}
        type={type}
        quick={quick}
        error={errors.eventType}
        hint={typeHint}
        onCategory={draft.chooseCategory}
        onType={draft.setType}
        onExpand={() => setExpanded(true)}
      />
      <TextField
        label={t('events.datetime')}
        type="datetime-local"
        required
        value={draft.datetime}
        onChange={(e) => draft.setDatetime(e.target.value)}
        error={errors.eventDatetime}
      />
      <DetailFieldset {...fieldset} part={quick ? 'quick' : 'all'} />
      {quick ? null : notesField}
      <FormError message={form.message ?? errors.details ?? unplaced} />
      <div className="event-form__actions">
        <SubmitButton pending={form.saving} className="button--block">
          {form.saving ? t('events.saving') : t('events.save')}
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

/** The form's errors with the animal's moved to the form's own message (a form without a picker has no place for it). */
function withoutAnimal({ cattleId, ...errors }: FieldErrors): FieldErrors {
  return cattleId ? { ...errors, details: errors.details ?? cattleId } : errors;
}
