import { addMonths, jstMonth } from '@worker/domain/calendar';
import { createPlanSchema } from '@worker/shipments/shipments.schemas';
import { useState } from 'react';
import type { PickerAnimal } from '../../components/animal-picker';
import { FormError, SelectField, SubmitButton, useSchemaForm } from '../../components/form';
import { useI18n } from '../../lib/i18n';
import { AnimalPicker, type ShipmentAnimal } from './animal-picker';
import { animalLabel, monthLabel } from './format';
import { usePlanMutations } from './mutations';

/** The months a plan can go to: this month and the next two years. */
export const plannableMonths = () => Array.from({ length: 24 }, (_, i) => addMonths(jstMonth(), i));

export function PlanForm({
  animal: fixedAnimal,
  initialMonth,
  onDone,
  onCancel,
}: {
  animal?: ShipmentAnimal | null;
  initialMonth?: string;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { t, locale } = useI18n();
  const { create } = usePlanMutations();
  const [picked, setPicked] = useState<PickerAnimal | null>(null);
  const [month, setMonth] = useState(initialMonth ?? addMonths(jstMonth(), 1));
  const form = useSchemaForm({
    schema: createPlanSchema,
    values: () => ({ cattleId: (fixedAnimal ?? picked)?.cattleId, plannedShipmentMonth: month }),
    submit: (input) => create.mutateAsync(input),
    onSaved: () => onDone(t('shipments.planSaved')),
  });
  const { errors } = form;

  return (
    <form className="form" onSubmit={form.onSubmit} noValidate>
      {fixedAnimal ? (
        <p>
          <strong>{animalLabel(fixedAnimal)}</strong>
        </p>
      ) : (
        <AnimalPicker value={picked} onChange={setPicked} error={errors.cattleId} />
      )}
      {fixedAnimal && errors.cattleId ? <FormError message={errors.cattleId} /> : null}
      <SelectField
        label={t('shipments.plannedMonth')}
        required
        value={month}
        onChange={(e) => setMonth(e.target.value)}
        error={errors.plannedShipmentMonth}
      >
        {plannableMonths().map((m) => (
          <option key={m} value={m}>
            {monthLabel(m, locale)}
          </option>
        ))}
      </SelectField>
      <FormError message={form.message} />
      <div className="actions">
        <SubmitButton pending={form.saving}>{t('shipments.planSave')}</SubmitButton>
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
