import { PREGNANCY_RESULTS } from '@worker/domain/event-types';
import { useI18n } from '../../../lib/i18n';
import { FieldError, type FieldsetProps } from './fieldset';
import '../messages';

/** 妊娠鑑定 (PREGNANCY_CHECK): the result, 受胎 or 不受胎, required. */
export function PregnancyCheckFields({ state, errors }: FieldsetProps) {
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
