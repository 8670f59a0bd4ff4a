/**
 * The ARRIVAL, SHIPMENT and DEATH details the NLBC filing asks for (§21) in the event form: their fieldsets, the
 * details they send and the draft they start from.
 */
import type { ReactNode } from 'react';
import { PARTY_KEYS, PartyFields, type PartyKind } from '../../components/party-fields';
import type { FieldErrors } from '../../lib/form-errors';

type Props = {
  state: {
    draft: { fields: Record<string, string> };
    set: (name: string) => (e: { target: { value: string } }) => void;
  };
  errors: FieldErrors;
};

const fieldset = (kind: PartyKind) => (p: Props) => (
  <PartyFields
    kind={kind}
    values={p.state.draft.fields}
    onChange={p.state.set}
    errors={p.errors}
    errorPrefix="details."
  />
);

export const COUNTERPARTY_FIELDSETS: Record<PartyKind, (p: Props) => ReactNode> = {
  ARRIVAL: fieldset('ARRIVAL'),
  SHIPMENT: fieldset('SHIPMENT'),
  DEATH: fieldset('DEATH'),
};

const KEYS = Object.values(PARTY_KEYS).flat();
export const COUNTERPARTY_PLACED = KEYS.map((k) => `details.${k}`);

/** The details of an ARRIVAL, SHIPMENT or DEATH from the form's fields (null when none is filled in). */
export function counterpartyDetails(type: string, fields: Record<string, string | undefined>) {
  const keys: readonly string[] = PARTY_KEYS[type as PartyKind] ?? [];
  const filled = keys.filter((k) => fields[k]?.trim());
  return filled.length ? Object.fromEntries(filled.map((k) => [k, fields[k]?.trim()])) : null;
}

/** The form's fields from a stored event's details. */
export const counterpartyInitial = (details: Record<string, unknown>) =>
  Object.fromEntries(KEYS.map((k) => [k, typeof details[k] === 'string' ? (details[k] as string) : '']));
