import { recordAudit } from '../audit/audit.statements';
import { backupRouter } from '../backup/backup.index';
import { directoryDb } from '../db/client';
import { requestScope } from '../db/scope';
import { createRouter } from '../lib/http';
import { farmsOf, membersOf } from './farms.queries';
import * as routes from './farms.routes';
import {
  changeMemberRole,
  chooseDefaultFarm,
  createFarm,
  memberNotFound,
  removeMember,
  renameFarm,
} from './farms.service';
import { farmInvitationsRouter } from './invitations.index';

const farmRoutes = createRouter()
  .openapi(routes.list, async (c) => {
    return c.json({ data: await farmsOf(directoryDb(c.env), c.get('userId')) }, 200);
  })
  .openapi(routes.create, async (c) => {
    const { name } = c.req.valid('json');
    const id = await createFarm(c.env, c.get('userId'), name);
    return c.json({ data: { id, name, farmerCode: null, role: 'owner' as const } }, 201);
  })
  .openapi(routes.rename, async (c) => {
    const { before, ...data } = await renameFarm(directoryDb(c.env), c.get('farmId'), c.req.valid('json'));
    const changes: Record<string, [unknown, unknown]> = {};
    if (before && before.name !== data.name) changes.name = [before.name, data.name];
    if (before && before.farmerCode !== data.farmerCode) changes.farmerCode = [before.farmerCode, data.farmerCode];
    await recordAudit(c.get('farmDb'), requestScope(c), {
      action: 'update',
      entity: 'farm',
      entityId: data.id,
      changes,
    });
    return c.json({ data }, 200);
  })
  .openapi(routes.choose, async (c) => {
    await chooseDefaultFarm(directoryDb(c.env), c.get('userId'), c.get('farmId'));
    return c.json({ success: true as const, message: '牧場を切り替えました' }, 200);
  })
  .openapi(routes.members, async (c) => {
    return c.json({ data: await membersOf(directoryDb(c.env), c.get('farmId')) }, 200);
  })
  .openapi(routes.changeRole, async (c) => {
    const db = directoryDb(c.env);
    const { userId } = c.req.valid('param');
    const { role } = c.req.valid('json');
    const was = await changeMemberRole(db, c.get('farmId'), { userId: c.get('userId') }, userId, role);
    const changes = { role: [was, role] as [unknown, unknown] };
    await recordAudit(c.get('farmDb'), requestScope(c), {
      action: 'update',
      entity: 'member',
      entityId: userId,
      changes,
    });
    const member = (await membersOf(db, c.get('farmId'))).find((m) => m.userId === userId);
    if (!member) throw memberNotFound();
    return c.json({ data: member }, 200);
  })
  .openapi(routes.removeMember, async (c) => {
    const actor = { userId: c.get('userId'), role: c.get('role') };
    const { userId } = c.req.valid('param');
    const was = await removeMember(directoryDb(c.env), c.get('farmId'), actor, userId);
    const changes = { role: [was, null] as [unknown, unknown] };
    await recordAudit(c.get('farmDb'), requestScope(c), {
      action: 'delete',
      entity: 'member',
      entityId: userId,
      changes,
    });
    return c.json({ success: true as const, message: 'メンバーを外しました' }, 200);
  });

/** Everything under /farms: the farm and its members, its invitations, its backup and restore. */
export const farmsRouter = createRouter()
  .route('/', farmRoutes)
  .route('/', farmInvitationsRouter)
  .route('/', backupRouter);
