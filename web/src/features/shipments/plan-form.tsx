import { addMonths, jstMonth } from '@worker/domain/calendar';
import { createPlanSchema } from '@worker/shipments/shipments.schemas';
import { type FormEvent, useState } from 'react';
import type { PickerAnimal } from '../../components/animal-picker';
import { FormError, SelectField, SubmitButton } from '../../components/form';
import { describeError, type FieldErrors, zodFieldErrors } from '../../lib/form-errors';
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
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const server = describeError(create.error);
  const errors = { ...server.fields, ...clientErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.reset();
    const parsed = createPlanSchema.safeParse({
      cattleId: (fixedAnimal ?? picked)?.cattleId,
      plannedShipmentMonth: month,
    });
    if (!parsed.success) return setClientErrors(zodFieldErrors(parsed.error));
    setClientErrors({});
    create.mutate(parsed.data, { onSuccess: () => onDone(t('shipments.planSaved')) });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
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
      <FormError message={server.message} />
      <div className="actions">
        <SubmitButton pending={create.isPending}>{t('shipments.planSave')}</SubmitButton>
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
