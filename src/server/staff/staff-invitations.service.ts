import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, like } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditActor, AuditContext } from '#server/audit/audit-context.ts';
import { assertStrongPassword } from '#server/auth/password-strength.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import type { Db } from '#server/db/client.ts';
import { AppError, conflict, gone, notFound } from '#server/errors.ts';
import { messageOutbox } from '#server/messages/message-outbox.table.ts';
import { enqueueMessage } from '#server/messages/message-outbox.ts';
import { insertSecurityAlert } from '#server/security/security-alerts.service.ts';
import { staffInvitations } from '#server/users/staff-invitations.table.ts';
import { users } from '#server/users/users.table.ts';
import { isStaffRole } from '#shared/contracts/auth.ts';
import type { PasswordPolicy } from '#shared/contracts/security.ts';
import {
  type AcceptInvitationRequest,
  type InvitationPreview,
  type InviteStaffRequest,
  STAFF_INVITATION_TTL_MS,
  STAFF_MESSAGES,
  type StaffInvitation,
  type StaffMember,
  type StaffRole,
} from '#shared/contracts/staff.ts';
import { toStaffMember } from './staff.mapper.ts';
import { type InvitationMailSettings, staffInvitationMail } from './staff-invitation-mail.ts';
import { withStaffLock } from './staff-lock.ts';

/**
 * Staff invitations (docs/product.md#staff-accounts). An invitation is a row with the sha256 of a
 * random token (the token itself is only in the mail); the account is made when the link is used.
 * Every change runs under the staff lock (staff-lock.ts), is audited (never the token) and stores
 * a security alert in the same transaction: the caller announces the returned alert after the
 * commit (`app.realtime.announceSecurityAlert`).
 *
 * The mail is queued in the message outbox in the same transaction (sent after the commit by the
 * outbox sender: SMTP, or the outbox folder). Its row holds the link until the invitation is
 * accepted, resent, replaced or cancelled: then the row is deleted (a pending one is then never
 * sent), so the database keeps no working link beyond its invitation's life.
 */

type InvitationRow = typeof staffInvitations.$inferSelect;

/** The staff member acting (the request's user), as the audit log and the mail name them. */
export type StaffActor = AuditActor & { id: string; name: string };

/** A change's result and the alert it stored, for the route to announce after the commit. */
export interface StaffChange<T> {
  result: T;
  alertId: string;
}

const newToken = () => randomBytes(32).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The outbox rows of an invitation's mails share this key prefix (one row per token). */
const mailKeyPrefix = (invitationId: string) => `staff-invitation:${invitationId}:`;

function toInvitation(row: InvitationRow, inviterName: string | null): StaffInvitation {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    // Written only from InviteStaffRequestSchema: a staff role.
    role: row.role as StaffRole,
    invited_by: inviterName,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

/** The audit log's view of an invitation: who, as what, until when; never the token or its hash. */
const auditView = (row: InvitationRow) => ({
  email: row.email,
  name: row.name,
  role: row.role,
  expires_at: row.expiresAt.toISOString(),
});

/** Deletes the outbox rows of these invitations' mails: their links die with them. */
async function dropInvitationMails(tx: Db, invitationIds: readonly string[]): Promise<void> {
  for (const id of invitationIds) {
    await tx.delete(messageOutbox).where(like(messageOutbox.dedupeKey, `${mailKeyPrefix(id)}%`));
  }
}

/** Queues the invitation mail for `row` with this token (the caller's transaction). */
async function queueInvitationMail(
  tx: Db,
  row: InvitationRow,
  token: string,
  inviterName: string | null,
  settings: InvitationMailSettings,
): Promise<void> {
  const mail = staffInvitationMail(settings, {
    token,
    name: row.name,
    role: row.role,
    expiresAt: row.expiresAt,
    inviterName,
  });
  await enqueueMessage(tx, {
    event: 'staff.invitation',
    recipient: row.email,
    subject: mail.subject,
    bodyText: mail.text,
    bodyHtml: mail.html,
    // One row per token (its hash's start; the token itself is never a key).
    dedupeKey: `${mailKeyPrefix(row.id)}${row.tokenHash.slice(0, 16)}`,
  });
}

/** 409 when the email already has an account: a staff member's, or a shopper's. */
async function assertEmailFree(tx: Db, email: string): Promise<void> {
  const [existing] = await tx.select({ role: users.role }).from(users).where(eq(users.email, email)).limit(1);
  if (!existing) return;
  const message = isStaffRole(existing.role) ? STAFF_MESSAGES.emailIsStaff : STAFF_MESSAGES.emailIsShopper;
  throw conflict(message, [{ path: 'email', message }]);
}

/**
 * `POST /admin/users`: invites a staff member. An email with an account is refused (409); an
 * invitation not yet accepted for the same email is replaced (its link dies, its unsent mail is
 * dropped). The new link works for 72 hours.
 */
export async function inviteStaff(
  db: Db,
  actor: StaffActor,
  input: InviteStaffRequest,
  settings: InvitationMailSettings,
  context: AuditContext,
  now: Date,
): Promise<StaffChange<StaffInvitation>> {
  const token = newToken();
  return withStaffLock(db, async (tx) => {
    await assertEmailFree(tx, input.email);
    const replaced = await tx
      .delete(staffInvitations)
      .where(and(eq(staffInvitations.email, input.email), isNull(staffInvitations.acceptedAt)))
      .returning({ id: staffInvitations.id });
    await dropInvitationMails(
      tx,
      replaced.map((row) => row.id),
    );
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        email: input.email,
        name: input.name,
        role: input.role,
        tokenHash: hashOf(token),
        invitedBy: actor.id,
        expiresAt: new Date(now.getTime() + STAFF_INVITATION_TTL_MS),
      })
      .returning();
    if (!row) throw new Error('staff invitation not stored');
    await queueInvitationMail(tx, row, token, actor.name, settings);
    await recordAudit(tx, {
      context,
      action: 'staff.invited',
      entityType: 'staff_invitation',
      entityId: row.id,
      before: replaced.length > 0 ? { replaced_invitations: replaced.length } : null,
      after: auditView(row),
    });
    const alertId = await insertSecurityAlert(tx, {
      type: 'security',
      severity: 'medium',
      title: `Staff invitation sent to ${row.email}`,
      description: `${actor.name} invited ${row.email} as ${row.role === 'super_admin' ? 'super admin' : 'admin'}.`,
      ipAddress: context.ip,
      userId: actor.id,
    });
    return { result: toInvitation(row, actor.name), alertId };
  });
}

/** `GET /admin/users/invitations`: invitations not accepted and not expired, newest first. */
export async function listPendingInvitations(db: Db, now: Date): Promise<StaffInvitation[]> {
  const rows = await db
    .select({ invitation: staffInvitations, inviterName: users.name })
    .from(staffInvitations)
    .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(and(isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, now)))
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id))
    .limit(500);
  return rows.map((row) => toInvitation(row.invitation, row.inviterName));
}

/** An invitation not yet accepted, under the lock, or 404. */
async function pendingInvitation(tx: Db, id: string): Promise<InvitationRow> {
  const [row] = await tx
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt)))
    .limit(1);
  if (!row) throw notFound('Invitation');
  return row;
}

/**
 * `POST /admin/users/invitations/{id}/resend`: a new link (another 72 hours) in a new mail; the
 * old link dies and its mail, if still unsent, is dropped. An expired invitation may be revived.
 */
export async function resendInvitation(
  db: Db,
  actor: StaffActor,
  id: string,
  settings: InvitationMailSettings,
  context: AuditContext,
  now: Date,
): Promise<StaffChange<StaffInvitation>> {
  const token = newToken();
  return withStaffLock(db, async (tx) => {
    const before = await pendingInvitation(tx, id);
    // The email may have found an account since (a shopper signed up with it).
    await assertEmailFree(tx, before.email);
    await dropInvitationMails(tx, [id]);
    const [row] = await tx
      .update(staffInvitations)
      .set({ tokenHash: hashOf(token), expiresAt: new Date(now.getTime() + STAFF_INVITATION_TTL_MS) })
      .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt)))
      .returning();
    if (!row) throw notFound('Invitation');
    await queueInvitationMail(tx, row, token, actor.name, settings);
    const [inviter] = row.invitedBy
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, row.invitedBy)).limit(1)
      : [];
    await recordAudit(tx, {
      context,
      action: 'staff.invitation_resent',
      entityType: 'staff_invitation',
      entityId: row.id,
      before: auditView(before),
      after: auditView(row),
    });
    const alertId = await insertSecurityAlert(tx, {
      type: 'security',
      severity: 'medium',
      title: `Staff invitation sent again to ${row.email}`,
      description: `${actor.name} sent a new invitation link to ${row.email}; the previous link no longer works.`,
      ipAddress: context.ip,
      userId: actor.id,
    });
    return { result: toInvitation(row, inviter?.name ?? null), alertId };
  });
}

/** `DELETE /admin/users/invitations/{id}`: the link dies; an unsent mail is never sent. */
export async function cancelInvitation(
  db: Db,
  actor: StaffActor,
  id: string,
  context: AuditContext,
): Promise<StaffChange<null>> {
  return withStaffLock(db, async (tx) => {
    const [row] = await tx
      .delete(staffInvitations)
      .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt)))
      .returning();
    if (!row) throw notFound('Invitation');
    await dropInvitationMails(tx, [id]);
    await recordAudit(tx, {
      context,
      action: 'staff.invitation_cancelled',
      entityType: 'staff_invitation',
      entityId: row.id,
      before: auditView(row),
    });
    const alertId = await insertSecurityAlert(tx, {
      type: 'security',
      severity: 'medium',
      title: `Staff invitation for ${row.email} cancelled`,
      description: `${actor.name} cancelled the invitation of ${row.email}; its link no longer works.`,
      ipAddress: context.ip,
      userId: actor.id,
    });
    return { result: null, alertId };
  });
}

const unknownLink = () => new AppError(404, 'NOT_FOUND', STAFF_MESSAGES.invitationUnknown);

/**
 * The invitation a link's token names if it can still be used, else the refusal: 404 unknown
 * (never issued, replaced, cancelled), 410 used or expired.
 */
async function usableInvitation(db: Db, token: string, now: Date): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashOf(token)))
    .limit(1);
  if (!row) throw unknownLink();
  if (row.acceptedAt) throw gone(STAFF_MESSAGES.invitationUsed);
  if (row.expiresAt.getTime() <= now.getTime()) throw gone(STAFF_MESSAGES.invitationExpired);
  return row;
}

/** `GET /auth/invitations/{token}`: who is invited, as what, until when, and the password rules. */
export async function previewInvitation(
  db: Db,
  token: string,
  policy: PasswordPolicy,
  now: Date,
): Promise<InvitationPreview> {
  const row = await usableInvitation(db, token, now);
  return {
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    expires_at: row.expiresAt.toISOString(),
    password_policy: policy,
  };
}

/**
 * `POST /auth/invitations/accept`: makes the staff account. The password is judged (the password
 * rules, the shop's policy, the email as contact) and hashed before the lock; then one conditional
 * update takes the invitation (`accepted_at` set only where still null and not expired), so of two
 * requests with one token exactly one makes an account and the other gets 410.
 */
export async function acceptInvitation(
  db: Db,
  input: AcceptInvitationRequest,
  policy: PasswordPolicy,
  context: AuditContext,
  now: Date,
): Promise<StaffChange<StaffMember>> {
  const invitation = await usableInvitation(db, input.token, now);
  assertStrongPassword(input.password, { email: invitation.email }, 'password', policy);
  const passwordHash = await hashPassword(input.password);
  return withStaffLock(db, async (tx) => {
    const [taken] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(staffInvitations.id, invitation.id),
          eq(staffInvitations.tokenHash, invitation.tokenHash),
          isNull(staffInvitations.acceptedAt),
          gt(staffInvitations.expiresAt, now),
        ),
      )
      .returning();
    // Another request took it first, or it was resent, replaced or cancelled meanwhile.
    if (!taken) {
      await usableInvitation(tx, input.token, now);
      throw unknownLink();
    }
    const row = taken;
    await assertEmailFree(tx, row.email);
    const name = input.name?.trim() || row.name || (row.email.split('@')[0] ?? row.email);
    const [user] = await tx
      .insert(users)
      .values({ email: row.email, passwordHash, name, role: row.role, emailVerifiedAt: now })
      .returning();
    if (!user) throw new Error('staff account not stored');
    await tx.update(staffInvitations).set({ userId: user.id }).where(eq(staffInvitations.id, row.id));
    await dropInvitationMails(tx, [row.id]);
    await recordAudit(tx, {
      context,
      actor: { id: user.id, email: user.email, name: user.name },
      action: 'staff.invitation_accepted',
      entityType: 'user',
      entityId: user.id,
      after: { email: user.email, name: user.name, role: user.role, invitation_id: row.id },
    });
    const alertId = await insertSecurityAlert(tx, {
      type: 'security',
      severity: 'medium',
      title: `New staff account: ${user.email}`,
      description: `${user.email} accepted an invitation and is now ${user.role === 'super_admin' ? 'a super admin' : 'an admin'}.`,
      ipAddress: context.ip,
      userId: user.id,
    });
    return { result: toStaffMember(user), alertId };
  });
}
