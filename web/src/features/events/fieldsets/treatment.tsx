import { TextField } from '../../../components/form';
import { useI18n } from '../../../lib/i18n';
import type { FieldsetProps } from './fieldset';
import '../messages';

/** ワクチン接種 or 投薬 (VACCINATION, MEDICATION): the product, the dose and the withdrawal days (休薬期間, §17). */
export function TreatmentFields({ state, errors }: FieldsetProps) {
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
