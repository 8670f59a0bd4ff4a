import { AnimalPicker as SharedAnimalPicker } from '../../components/animal-picker';
import { useI18n } from '../../lib/i18n';
import { animalLabel, type HerdAnimal } from './shipments-api';

const shippable = (animal: HerdAnimal) => animal.status !== 'SHIPPED' && animal.status !== 'DEAD';

/** The shared animal picker set up for shipments: ear tag, name or ID number; only animals still in the herd, with sex and age. */
export function AnimalPicker({
  value,
  onChange,
  error,
}: {
  value: HerdAnimal | null;
  onChange: (animal: HerdAnimal | null) => void;
  error?: string;
}) {
  const { t } = useI18n();
  return (
    <SharedAnimalPicker<HerdAnimal>
      value={value}
      onChange={onChange}
      error={error}
      label={t('shipments.searchAnimal')}
      hint={t('shipments.searchHint')}
      formatAnimal={animalLabel}
      details={(animal) =>
        [animal.gender, animal.monthsOld != null ? t('shipments.months', { n: animal.monthsOld }) : null]
          .filter(Boolean)
          .join('・')
      }
      filter={shippable}
      limit={20}
    />
  );
}
