import { useI18n } from '../../../lib/i18n';
import { CalvesFields } from '../event-calves';
import type { FieldsetProps } from './fieldset';
import '../messages';

/** 分娩 (CALVING): a difficult calving, and each calf (a dairy dam's calf hinted as an F1 cross). */
export function CalvingFields({ state, errors, breed, dairy }: FieldsetProps) {
  const { t } = useI18n();
  return (
    <>
      <label className="choice event-form__check">
        <input type="checkbox" checked={state.draft.difficult} onChange={(e) => state.setDifficult(e.target.checked)} />
        {t('events.difficult')}
      </label>
      <CalvesFields
        calves={state.draft.calves}
        onChange={state.setCalves}
        errors={errors}
        hint={dairy ? t('events.calfBreedDairyHint', { dam: breed }) : undefined}
      />
    </>
  );
}
