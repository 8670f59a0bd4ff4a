import { sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.statements';
import { directoryDb, farmDb } from '../db/client';
import { requestScope } from '../db/scope';
import { createRouter } from '../lib/http';
import * as routes from './invitations.routes';
import {
  acceptInvitation,
  emailOf,
  inviteMember,
  pendingInvitations,
  previewInvitation,
  withdrawInvitation,
} from './invitations.service';

/** /farms/{farmId}/invitations…: an owner's invitations, mounted by the farms router. */
export const farmInvitationsRouter = createRouter()
  .openapi(routes.invite, async (c) => {
    const { email, role } = c.req.valid('json');
    const invitation = { farmId: c.get('farmId'), invitedBy: c.get('userId'), inviterName: c.get('userName') };
    const data = await inviteMember(c.env, directoryDb(c.env), c.get('log'), { ...invitation, email, role });
    // Audited when sent (§23, turn 4): the invitation lives in the directory, its row on the farm's shard.
    const changes = { email: [null, email] as [unknown, unknown], role: [null, role] as [unknown, unknown] };
    await recordAudit(c.get('farmDb'), requestScope(c), {
      action: 'invite',
      entity: 'member',
      entityId: data.id,
      changes,
    });
    return c.json({ data }, 201);
  })
  .openapi(routes.pending, async (c) => {
    return c.json({ data: await pendingInvitations(directoryDb(c.env), c.get('farmId')) }, 200);
  })
  .openapi(routes.withdraw, async (c) => {
    await withdrawInvitation(directoryDb(c.env), c.get('farmId'), c.req.valid('param').invitationId);
    return c.json({ success: true as const, message: '招待を取り消しました' }, 200);
  });

/** /invitations/…: what the invited person sees and accepts. */
export const invitationsRouter = createRouter()
  .openapi(routes.preview, async (c) => {
    return c.json({ data: await previewInvitation(directoryDb(c.env), c.req.valid('json').token) }, 200);
  })
  .openapi(routes.accept, async (c) => {
    const db = directoryDb(c.env);
    const user = { userId: c.get('userId'), email: await emailOf(db, c.get('userId')) };
    const data = await acceptInvitation(db, user, c.req.valid('json').token);
    // The new member joins in the directory; its audit row goes to the farm's shard right after (decision 042).
    const named = await db.get<{ user_name: string }>(sql`select user_name from users where id = ${user.userId}`);
    const writer = { farmId: data.farmId, userId: user.userId, userName: named?.user_name ?? '' };
    const changes = { role: [null, data.role] as [unknown, unknown] };
    await recordAudit(await farmDb(c.env, data.farmId), writer, {
      action: 'create',
      entity: 'member',
      entityId: user.userId,
      changes,
    });
    return c.json({ data }, 200);
  });
