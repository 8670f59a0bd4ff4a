import { useQueryClient } from '@tanstack/react-query';
import { EVENT_TYPE_INFO, EVENT_TYPES } from '@worker/domain/event-types';
import { programmeSchema } from '@worker/domain/programmes';
import { useState } from 'react';
import { createProgramme, type Programme, taskKeys, updateProgramme } from '../../api/tasks';
import { FormError, SelectField, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { useI18n } from '../../lib/i18n';
import './messages';

type StepDraft = { key: number; day: string; title: string; eventType: string };

const draftsOf = (programme?: Programme): StepDraft[] =>
  (programme?.steps ?? [{ day: 0, title: '' }]).map((s, key) => ({
    key,
    day: String(s.day),
    title: s.title,
    eventType: (s as { eventType?: string }).eventType ?? '',
  }));

/** What the form says, as the API reads it: the trigger by its kind, each step's day as a number. */
function valuesOf(form: FormData, steps: readonly StepDraft[], programme?: Programme) {
  const kind = String(form.get('triggerKind'));
  const trigger =
    kind === 'event'
      ? { kind, eventType: String(form.get('triggerEventType') ?? '') }
      : kind === 'age'
        ? { kind, days: Number(form.get('triggerDays')) }
        : { kind: 'manual' };
  return {
    name: String(form.get('name') ?? ''),
    trigger,
    steps: steps.map((s, i) => {
      const eventType = String(form.get(`steps.${i}.eventType`) ?? '');
      const kept = programme?.steps[s.key] as { details?: Record<string, unknown> } | undefined;
      return {
        day: Number(form.get(`steps.${i}.day`)),
        title: String(form.get(`steps.${i}.title`) ?? ''),
        ...(eventType ? { eventType } : {}),
        ...(kept?.details ? { details: kept.details } : {}),
      };
    }),
  };
}

/** Creates a programme, or edits `programme`: name, trigger, and steps on days after the start. */
export function ProgrammeForm({ programme, onDone }: { programme?: Programme; onDone: () => void }) {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState(() => draftsOf(programme));
  const [kind, setKind] = useState(programme?.trigger.kind ?? 'manual');
  const form = useSchemaForm({
    schema: programmeSchema,
    values: (data) => valuesOf(data, steps, programme),
    submit: (input) => (programme ? updateProgramme(programme.id, input) : createProgramme(input)),
    onSaved: async () => {
      await queryClient.invalidateQueries({ queryKey: taskKeys.all });
      onDone();
    },
  });
  const trigger = programme?.trigger as { eventType?: string; days?: number } | undefined;
  const eventOptions = EVENT_TYPES.map((type) => (
    <option key={type} value={type}>
      {EVENT_TYPE_INFO[type][locale]}
    </option>
  ));
  return (
    <form onSubmit={form.onSubmit} noValidate className="programme-form">
      <FormError message={form.message} />
      <TextField
        name="name"
        label={t('programmes.name')}
        defaultValue={programme?.name}
        error={form.errors.name}
        required
      />
      <SelectField
        name="triggerKind"
        label={t('programmes.trigger')}
        value={kind}
        onChange={(e) => setKind(e.target.value as typeof kind)}
      >
        <option value="manual">{t('programmes.manual')}</option>
        <option value="event">{t('programmes.event')}</option>
        <option value="age">{t('programmes.age')}</option>
      </SelectField>
      {kind === 'event' ? (
        <SelectField
          name="triggerEventType"
          label={t('programmes.eventType')}
          defaultValue={trigger?.eventType}
          error={form.errors['trigger.eventType']}
        >
          {eventOptions}
        </SelectField>
      ) : null}
      {kind === 'age' ? (
        <TextField
          name="triggerDays"
          type="number"
          inputMode="numeric"
          label={t('programmes.ageDays')}
          defaultValue={trigger?.days ?? 60}
          error={form.errors['trigger.days'] ?? form.errors.trigger}
        />
      ) : null}
      <fieldset>
        <legend>{t('programmes.steps')}</legend>
        {steps.map((step, i) => (
          <div key={step.key} className="step-row">
            <TextField
              name={`steps.${i}.day`}
              type="number"
              inputMode="numeric"
              label={t('programmes.stepDay')}
              defaultValue={step.day}
              error={form.errors[`steps.${i}.day`]}
            />
            <TextField
              name={`steps.${i}.title`}
              label={t('programmes.stepTitle')}
              defaultValue={step.title}
              error={form.errors[`steps.${i}.title`]}
            />
            <SelectField name={`steps.${i}.eventType`} label={t('programmes.stepEvent')} defaultValue={step.eventType}>
              <option value="">{t('programmes.noEvent')}</option>
              {eventOptions}
            </SelectField>
            {steps.length > 1 ? (
              <button
                type="button"
                className="button"
                onClick={() => setSteps(steps.filter((s) => s.key !== step.key))}
              >
                {t('programmes.removeStep', { n: i + 1 })}
              </button>
            ) : null}
          </div>
        ))}
        {form.errors.steps ? (
          <p className="field__error" role="alert">
            {form.errors.steps}
          </p>
        ) : null}
        <button
          type="button"
          className="button"
          onClick={() => setSteps([...steps, { key: Date.now(), day: '', title: '', eventType: '' }])}
        >
          {t('programmes.addStep')}
        </button>
      </fieldset>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <SubmitButton pending={form.saving}>{t('programmes.save')}</SubmitButton>
      </div>
    </form>
  );
}
