/**
 * The ARRIVAL, SHIPMENT and DEATH details the NLBC filing asks for (§21): the details the event form sends and the
 * draft it starts from (their fieldset is fieldsets/counterparty.tsx).
 */
import { PARTY_KEYS, type PartyKind } from '../../components/party-fields';

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
