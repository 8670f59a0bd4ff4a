/**
 * The demo farm's change history and trash (docs/product.md §23): a heifer registered, renamed by the farmer and then
 * deleted, so the history shows a create, an edit and a delete, and the trash holds one animal to restore. Written
 * through the services, as the routes write them.
 */
import { sql } from 'drizzle-orm';
import { createCattleSchema } from '../cattle/cattle.schemas';
import { registerCattle, removeCattle, updateCattle } from '../cattle/cattle.service';
import type { Scope } from '../db/scope';
import { addDays, type IsoDate } from '../domain/calendar';

/** The demo's trashed animal: a 個体識別番号 no planned animal uses. */
const DEMO_TRASHED_NUMBER = '1999900017';

export async function seedDemoHistory(scope: Scope, today: IsoDate) {
  // A seeding filled again after it was cut short finds its trashed heifer already there.
  const [kept] = await scope.db.all(
    sql`select 1 from trash where farm_id = ${scope.farmId} and identification_number = ${DEMO_TRASHED_NUMBER}`,
  );
  if (kept) return;
  const { detail: animal } = await registerCattle(
    scope,
    createCattleSchema.parse({
      name: 'こはる',
      identificationNumber: DEMO_TRASHED_NUMBER,
      gender: '雌',
      growthStage: 'GROWING',
      birthday: addDays(today, -300),
      breed: '黒毛和種',
    }),
  );
  if (!animal) return;
  await updateCattle(scope, animal.cattleId, { name: 'こはる（売却予定）', notes: '導入後に名前を変更' });
  await removeCattle(scope, animal.cattleId);
}
