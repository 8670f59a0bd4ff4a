/**
 * Ear tags may repeat (digits 6–9 of 2,000 IDs collide), but the farmer is told (docs/product.md §5, turn 4): an
 * animal given the ear tag of another living animal of the farm gets one warning per such animal. No I/O.
 */

/** An animal as a warning names it: its name, or its 個体識別番号 when unnamed. */
export interface TagHolder {
  cattleId: number;
  name: string | null;
  identificationNumber: string | null;
  earTagNumber: string | null;
  status: string;
}

/** Living: not dead and not shipped (an animal in the trash is not on the farm at all). */
const isLiving = (status: string) => status !== 'DEAD' && status !== 'SHIPPED';

/** '耳標0381の牛がほかにいます（しおり）'. */
const earTagWarning = (earTag: string, other: Pick<TagHolder, 'name' | 'identificationNumber'>) =>
  `耳標${earTag}の牛がほかにいます（${other.name || other.identificationNumber || '個体識別番号未登録'}）`;

/**
 * The warnings for `animal` carrying `earTag`: one per other living animal of `herd` with that tag, in the herd's
 * order; none when the animal itself is not living or has no tag.
 */
export function earTagWarnings(
  animal: { cattleId: number | null; earTagNumber: string | null; status: string },
  herd: readonly TagHolder[],
): string[] {
  const tag = animal.earTagNumber;
  if (!tag || !isLiving(animal.status)) return [];
  return herd
    .filter((o) => o.cattleId !== animal.cattleId && o.earTagNumber === tag && isLiving(o.status))
    .map((o) => earTagWarning(tag, o));
}
