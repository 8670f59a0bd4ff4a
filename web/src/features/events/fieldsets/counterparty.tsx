import { PartyFields, type PartyKind } from '../../../components/party-fields';
import type { FieldsetProps } from './fieldset';

/** 導入・出荷・死亡 (ARRIVAL, SHIPMENT, DEATH): who the animal came from or went to, for the NLBC filing (§21). */
const counterparty =
  (kind: PartyKind) =>
  ({ state, errors }: FieldsetProps) => (
    <PartyFields kind={kind} values={state.draft.fields} onChange={state.set} errors={errors} errorPrefix="details." />
  );

export const ArrivalFields = counterparty('ARRIVAL');
export const ShipmentFields = counterparty('SHIPMENT');
export const DeathFields = counterparty('DEATH');
