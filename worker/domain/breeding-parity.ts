/**
 * Parity may be unknown (docs/product.md §5): a cow registered as having calved without a count, or imported with a
 * 最終分娩日 but no 産次, has parity null — never 初産 or 0 — until the farmer gives it. No I/O.
 */
import type { GrowthStage } from './cattle-enums';

/** The stages of a cow that has calved: registered in one without a parity, her count is unknown. */
const CALVED_STAGES: readonly string[] = ['FIRST_CALVED', 'MULTI_PAROUS'] satisfies GrowthStage[];

/** Parity = the registered count plus the calvings on record; an unknown registered count stays unknown. */
export const parityAfter = (initialParity: number | null, calvings: number): number | null =>
  initialParity === null ? null : initialParity + calvings;

/**
 * The parity a new animal is registered with: the count given, else unknown for a cow whose stage says she has
 * calved (初産牛・経産牛), else 0 (a heifer, a calf, a bull or steer has never calved).
 */
export const registeredParity = (given: number | null | undefined, growthStage: string | null | undefined) =>
  given ?? (CALVED_STAGES.includes(growthStage ?? '') ? null : 0);

/**
 * The registered count that makes the animal's parity `parity` (the count including her last calving), given the
 * calvings on record: parity − calvings. Null when the parity given is below the calvings on record.
 */
export const initialParityFor = (parity: number, calvingsOnRecord: number): number | null =>
  parity >= calvingsOnRecord ? parity - calvingsOnRecord : null;

/** The message of a parity below the calvings on record (400 on `parity`). */
export const parityBelowCalvings = (calvings: number) =>
  `産次は記録にある分娩の回数（${calvings}回）以上にしてください`;
