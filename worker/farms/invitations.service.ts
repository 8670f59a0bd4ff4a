/**
 * Invitations (docs/product.md §12): an owner invites an email address with a role; the `invitation` mail carries a
 * link with a random token (only its SHA-256 is stored, 7 days, single use). The invited person accepts signed in
 * with that address — registering first if they have no account — and the farm becomes their default.
 */
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hitAll } from '../db/rate-limit';
import { farmInvitations, farmMembers, farms, rateLimitHits, users } from '../db/schema';
import { addDays, jstStartOfDay, todayJst } from '../domain/calendar';
import { FARM_MESSAGES, type FarmRole, ROLE_LABELS } from '../domain/roles';
import type { Env, Logger } from '../env';
import { randomToken, sha256Hex } from '../lib/crypto';
import { forbidden, notFound, tooManyRequests, validationError } from '../lib/errors';
import { sendMail } from '../mail/send-mail';
import { invitationMail } from './invitation-mail';

const INVITATION_DAYS = 7;
/** Invitation mails a farm may send in a JST day, and one address may receive across all farms (§3). */
const INVITATION_MAIL_LIMITS = { farm: 20, address: 3 } as const;
const INVITATION_LIMIT_MESSAGE = '招待メールの送信上限に達しました。明日以降に再度お試しください';

/**
 * Takes one invitation mail from today's allowance of the farm and of the address, or refuses with 429. The hit is
 * written and counted in one batch (D1 runs batches one at a time), so concurrent invitations cannot all slip under
 * the cap; a refused attempt counts too, which changes nothing for a day already used up.
 */
async function takeInvitationAllowance(db: Db, farmId: number, email: string, now = new Date()) {
  const day = todayJst(now);
  const farmKey = `invite:farm:${farmId}:${day}`;
  const addressKey = `invite:address:${email.toLowerCase()}:${day}`;
  const hitsOf = (key: string) => db.select({ hits: count() }).from(rateLimitHits).where(eq(rateLimitHits.key, key));
  const [, [farm], [address]] = await db.batch([
    hitAll(db, [farmKey, addressKey]),
    hitsOf(farmKey),
    hitsOf(addressKey),
  ]);
  if (farm.hits > INVITATION_MAIL_LIMITS.farm || address.hits > INVITATION_MAIL_LIMITS.address) {
    const tomorrow = jstStartOfDay(addDays(day, 1)).getTime();
    throw tooManyRequests(INVITATION_LIMIT_MESSAGE, Math.max(1, Math.ceil((tomorrow - now.getTime()) / 1000)));
  }
}
const invalidInvitation = () => validationError(FARM_MESSAGES.invalidInvitation, 'token');

const invitationColumns = {
  id: farmInvitations.id,
  email: farmInvitations.email,
  role: farmInvitations.role,
  expiresAt: farmInvitations.expiresAt,
};

/** Invites `email` to the farm with `role` and mails the link; returns the invitation. */
export async function inviteMember(
  env: Env,
  db: Db,
  log: Logger,
  invite: { farmId: number; invitedBy: number; inviterName: string; email: string; role: FarmRole },
) {
  await takeInvitationAllowance(db, invite.farmId, invite.email);
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000).toISOString();
  const [[created], [farm]] = await db.batch([
    db
      .insert(farmInvitations)
      .values({
        farmId: invite.farmId,
        email: invite.email,
        role: invite.role,
        tokenHash: await sha256Hex(token),
        invitedBy: invite.invitedBy,
        expiresAt,
      })
      .returning(invitationColumns),
    db.select({ name: farms.name }).from(farms).where(eq(farms.id, invite.farmId)),
  ]);
  const mail = invitationMail(env.APP_URL, token, {
    farmName: farm.name,
    inviter: invite.inviterName,
    role: ROLE_LABELS[invite.role].ja,
  });
  await sendMail(
    env,
    { to: invite.email, type: 'invitation', idempotencyKey: `invitation-${created.id}`, ...mail },
    log,
  );
  return created;
}

/** The farm's invitations not yet accepted nor expired, newest first (for the members screen). */
export function pendingInvitations(db: Db, farmId: number) {
  return db
    .select(invitationColumns)
    .from(farmInvitations)
    .where(
      and(
        eq(farmInvitations.farmId, farmId),
        isNull(farmInvitations.acceptedAt),
        gt(farmInvitations.expiresAt, new Date().toISOString()),
      ),
    )
    .orderBy(desc(farmInvitations.createdAt));
}

/** Withdraws an invitation not yet accepted. */
export async function withdrawInvitation(db: Db, farmId: number, invitationId: number) {
  const deleted = await db
    .delete(farmInvitations)
    .where(
      and(eq(farmInvitations.id, invitationId), eq(farmInvitations.farmId, farmId), isNull(farmInvitations.acceptedAt)),
    )
    .returning({ id: farmInvitations.id });
  if (deleted.length === 0) throw notFound('招待が見つかりません', 'INVITATION_NOT_FOUND');
}

/** A usable invitation by its token: not accepted, not expired; else 400. */
async function usableInvitation(db: Db, token: string) {
  const [invitation] = await db
    .select({
      id: farmInvitations.id,
      farmId: farmInvitations.farmId,
      email: farmInvitations.email,
      role: farmInvitations.role,
      farmName: farms.name,
      inviterName: users.userName,
    })
    .from(farmInvitations)
    .innerJoin(farms, eq(farms.id, farmInvitations.farmId))
    .innerJoin(users, eq(users.id, farmInvitations.invitedBy))
    .where(
      and(
        eq(farmInvitations.tokenHash, await sha256Hex(token)),
        isNull(farmInvitations.acceptedAt),
        gt(farmInvitations.expiresAt, new Date().toISOString()),
      ),
    )
    .limit(1);
  if (!invitation) throw invalidInvitation();
  return invitation;
}

/** What the accept page shows before signing in: the farm, the inviter, the role and the invited address. */
export async function previewInvitation(db: Db, token: string) {
  const { farmName, inviterName, role, email } = await usableInvitation(db, token);
  return { farmName, inviterName, role, email };
}

/**
 * Accepts an invitation as the signed-in user, who must hold the invited address. They join with the invited role
 * (an existing member keeps their membership), and the farm becomes their default.
 */
export async function acceptInvitation(db: Db, user: { userId: number; email: string }, token: string) {
  const invitation = await usableInvitation(db, token);
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) throw forbidden(FARM_MESSAGES.wrongInvitee);
  const now = new Date().toISOString();
  const [taken] = await db.batch([
    db
      .update(farmInvitations)
      .set({ acceptedAt: now, acceptedBy: user.userId })
      .where(and(eq(farmInvitations.id, invitation.id), isNull(farmInvitations.acceptedAt)))
      .returning({ id: farmInvitations.id }),
    db
      .insert(farmMembers)
      .values({ farmId: invitation.farmId, userId: user.userId, role: invitation.role })
      .onConflictDoNothing({ target: [farmMembers.farmId, farmMembers.userId] }),
    db.update(users).set({ defaultFarmId: invitation.farmId }).where(eq(users.id, user.userId)),
  ]);
  if (taken.length === 0) throw invalidInvitation();
  const [member] = await db
    .select({ role: farmMembers.role })
    .from(farmMembers)
    .where(and(eq(farmMembers.farmId, invitation.farmId), eq(farmMembers.userId, user.userId)));
  return { farmId: invitation.farmId, role: member?.role ?? invitation.role };
}

/** The signed-in user's address, to match it against the invitation. */
export async function emailOf(db: Db, userId: number) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? '';
}
