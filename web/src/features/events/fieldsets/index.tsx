import type { EventType } from '@worker/domain/event-types';
import type { ReactNode } from 'react';
import { CalvingFields } from './calving';
import { ArrivalFields, DeathFields, ShipmentFields } from './counterparty';
import type { FieldsetProps } from './fieldset';
import { InseminationFields } from './insemination';
import { PregnancyCheckFields } from './pregnancy-check';
import { TreatmentFields } from './treatment';
import { WeightFields } from './weight';

/** One fieldset per event type that has typed details (§6); the others take the date and notes only. */
const FIELDSETS: Partial<Record<EventType, (props: FieldsetProps) => ReactNode>> = {
  ARRIVAL: ArrivalFields,
  INSEMINATION: InseminationFields,
  PREGNANCY_CHECK: PregnancyCheckFields,
  CALVING: CalvingFields,
  DEATH: DeathFields,
  WEIGHT_MEASURED: WeightFields,
  VACCINATION: TreatmentFields,
  MEDICATION: TreatmentFields,
  SHIPMENT: ShipmentFields,
};

/** The fieldset of the chosen type; only a service folds part of it away (`part` 'more'). */
export function DetailFieldset({ type, ...props }: FieldsetProps & { type: EventType | null }) {
  const Fieldset = type ? FIELDSETS[type] : undefined;
  if (!Fieldset || (props.part === 'more' && type !== 'INSEMINATION')) return null;
  return <Fieldset {...props} />;
}
