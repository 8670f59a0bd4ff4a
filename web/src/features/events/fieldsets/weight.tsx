import { TextField } from '../../../components/form';
import { useI18n } from '../../../lib/i18n';
import type { FieldsetProps } from './fieldset';
import '../messages';

/** 体重測定 (WEIGHT_MEASURED): the weight in kg, required. */
export function WeightFields({ state, errors }: FieldsetProps) {
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
