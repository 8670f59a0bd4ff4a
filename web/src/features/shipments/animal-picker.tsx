import { type PickerAnimal, AnimalPicker as SharedAnimalPicker } from '../../components/animal-picker';
import { useI18n } from '../../lib/i18n';
import { animalLabel, genderLabel } from './format';

/** An animal a shipment form is fixed to: enough to name it and send its ID. */
export type ShipmentAnimal = Pick<PickerAnimal, 'cattleId' | 'name' | 'earTagNumber' | 'identificationNumber'>;

const shippable = (animal: PickerAnimal) => animal.status !== 'SHIPPED' && animal.status !== 'DEAD';

/** The shared animal picker set up for shipments: ear tag, name or ID number; only animals still in the herd, with sex and age. */
export function AnimalPicker({
  value,
  onChange,
  error,
}: {
  value: PickerAnimal | null;
  onChange: (animal: PickerAnimal | null) => void;
  error?: string;
}) {
  const { t, locale } = useI18n();
  return (
    <SharedAnimalPicker<PickerAnimal>
      value={value}
      onChange={onChange}
      error={error}
      label={t('shipments.searchAnimal')}
      hint={t('shipments.searchHint')}
      formatAnimal={animalLabel}
      details={(animal) =>
        [
          genderLabel(animal.gender, locale),
          animal.monthsOld != null ? t('shipments.months', { n: animal.monthsOld }) : null,
        ]
          .filter(Boolean)
          .join(t('shipments.separator'))
      }
      filter={shippable}
      limit={20}
    />
  );
}
