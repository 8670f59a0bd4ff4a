/**
 * The group event (docs/product.md §26): the same event on up to 500 animals or on a pen's, all or nothing, through
 * the one event use case (recordEventOnAnimals: every animal's rules as for one event), each animal's weight its own.
 */
import type { Scope } from '../db/scope';
import { parseEventDetails } from '../domain/event-details';
import type { EventSource } from '../domain/event-source';
import { fieldErrors } from '../lib/errors';
import { BULK_MESSAGES, type BulkEvent } from './bulk.schemas';
import { recordEventOnAnimals } from './events.service';

/** A weighing's details for one animal: its own weight, else the group's; none is a refusal of that animal. */
function weighingOf(input: BulkEvent, cattleId: number) {
  const weightKg = input.perAnimal?.[String(cattleId)]?.weightKg ?? input.details?.weightKg;
  const path = ['perAnimal', String(cattleId), 'weightKg'];
  if (weightKg === undefined || weightKg === null || weightKg === '')
    throw fieldErrors([{ path, message: BULK_MESSAGES.weight }]);
  const parsed = parseEventDetails('WEIGHT_MEASURED', { weightKg });
  if (!parsed.success) throw fieldErrors(parsed.issues.map((i) => ({ path, message: i.message })));
  return parsed.details;
}

/** POST /events/bulk: the events' ids, in the order of the animals. */
export async function recordBulkEvent(scope: Scope, input: BulkEvent, source: EventSource = 'api') {
  const written = await recordEventOnAnimals(scope, {
    animals: input.cattleIds ?? { penId: input.penId as number },
    event: {
      eventType: input.eventType,
      eventDatetime: input.eventDatetime,
      details: input.details,
      notes: input.notes,
    },
    detailsOf: input.eventType === 'WEIGHT_MEASURED' ? (cattleId) => weighingOf(input, cattleId) : undefined,
    namesRefused: true,
    source,
  });
  return { created: written.length, eventIds: written.map((w) => w.event.eventId) };
}
