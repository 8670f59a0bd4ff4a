import type { CattleListItem } from '../../api/cattle';
import { AnimalPicker as SharedAnimalPicker } from '../../components/animal-picker';
import { useI18n } from '../../lib/i18n';
import { animalLabel, genderLabel } from './format';

/** An animal a shipment form is fixed to: enough to name it and send its ID. */
export type ShipmentAnimal = Pick<CattleListItem, 'cattleId' | 'name' | 'earTagNumber' | 'identificationNumber'>;

const shippable = (animal: CattleListItem) => animal.status !== 'SHIPPED' && animal.status !== 'DEAD';

/** The shared animal picker set up for shipments: ear tag, name or ID number; only animals still in the herd, with sex and age. */
export function AnimalPicker({
  value,
  onChange,
  error,
}: {
  value: CattleListItem | null;
  onChange: (animal: CattleListItem | null) => void;
  error?: string;
}) {
  const { t, locale } = useI18n();
  return (
    <SharedAnimalPicker<CattleListItem>
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
