import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import {
  staffRoles,
  staffRoleWork,
  type GrantStaffRoleInput,
  type StaffList,
  type StaffMember,
  type StaffRole,
} from '../../../shared/schemas/staff';
import type { Db } from '../../db/client';
import { staffInvitations, userRoles, users } from '../../db/schema';
import type { ServiceDeps } from '../deps';
import { forgetSessions } from './session-events';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * The team as the back office's 'Equipe' page lists it (docs/rules/access.md 'Roles': admins
 * give and remove every staff role: admin, door, box office, promoter): every account holding one
 * of them, then the invitations waiting for a sign-up, by e-mail.
 */
export async function listStaff(db: Db): Promise<StaffList> {
  const rows = await db
    .select({ userId: users.id, email: users.email, name: users.name, role: userRoles.role })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(inArray(userRoles.role, [...staffRoles]))
    .orderBy(asc(users.email));
  const byUser = new Map<string, StaffMember>();
  for (const row of rows) {
    const member = byUser.get(row.userId) ?? { userId: row.userId, email: row.email, name: row.name, roles: [], invited: false };
    member.roles.push(row.role as StaffRole);
    byUser.set(row.userId, member);
  }
  const invitations = await db.select().from(staffInvitations).orderBy(asc(staffInvitations.email));
  const invited = new Map<string, StaffMember>();
  for (const invitation of invitations) {
    const member = invited.get(invitation.email) ?? { userId: null, email: invitation.email, name: null, roles: [], invited: true };
    if (!member.roles.includes(invitation.role as StaffRole)) member.roles.push(invitation.role as StaffRole);
    invited.set(invitation.email, member);
  }
  const members = [...byUser.values(), ...invited.values()];
  // Roles in the order of the role picker, whatever the order they were given in.
  for (const member of members) member.roles.sort((a, b) => staffRoles.indexOf(a) - staffRoles.indexOf(b));
  return { members };
}

/**
 * Gives `role` to the account of `email`; without an account, records an invitation and e-mails
 * it (the role is given when that address signs up: grantInvitedRoles). Giving a role someone
 * already has changes nothing. A role given or an invitation made is recorded in the audit trail
 * by `actor` (docs/rules/audit.md 'What is recorded'). Returns whether it was an invitation.
 */
export async function grantStaffRole(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'publicUrl'>,
  input: GrantStaffRoleInput & { adminId: string },
  actor: AuditActor,
  now: Date = new Date(),
): Promise<{ invited: boolean }> {
  const [account] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));
  if (account) {
    await deps.db.transaction(async (tx) => {
      const [granted] = await tx
        .insert(userRoles)
        .values({ userId: account.id, role: input.role, createdAt: now })
        .onConflictDoNothing()
        .returning({ role: userRoles.role });
      if (!granted) return;
      await recordAudit(tx, actor, {
        action: 'staff.granted',
        objectType: 'user',
        objectId: account.id,
        subjectUserId: account.id,
        changes: { role: input.role },
      });
      await forgetSessions(tx, account.id);
    });
    return { invited: false };
  }
  const [known] = await deps.db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.email, input.email), eq(staffInvitations.role, input.role)));
  // Asked again, the invitation e-mail goes again; the invitation and its audit row stay one.
  if (!known) {
    await deps.db.transaction(async (tx) => {
      await tx.insert(staffInvitations).values({ email: input.email, role: input.role, invitedBy: input.adminId, createdAt: now });
      await recordAudit(tx, actor, {
        action: 'staff.granted',
        objectType: 'staff_invitation',
        objectId: input.email,
        changes: { role: input.role, email: input.email, invited: true },
      });
    });
  }
  const link = new URL(`/auth?cadastro=1&email=${encodeURIComponent(input.email)}`, deps.publicUrl).toString();
  const what = staffRoleWork[input.role];
  await deps.mailer.send({
    to: input.email,
    subject: 'Convite para a equipe - Next Level',
    text: `Olá! Você foi convidado(a) para ${what} na Next Level. Crie sua conta com este e-mail e confirme o endereço em até ${INVITATION_VALID_DAYS} dias para começar:\n\n${link}`,
    html: `<p>Olá!</p><p>Você foi convidado(a) para ${what} na Next Level.</p><p><a href="${link}">Criar minha conta</a></p><p>O convite vale por ${INVITATION_VALID_DAYS} dias.</p>`,
    link,
  });
  return { invited: true };
}

/**
 * Removes `role` from a user, or an invitation of an e-mail. Never removes the last admin: the
 * admin rows are locked first, so two admins removing each other at once cannot both succeed.
 * Throws DomainError('last_admin') for the last one, 'not_found' when there is nothing to remove.
 * What was removed is recorded in the audit trail by `actor` (docs/rules/audit.md 'What is recorded').
 */
export async function revokeStaffRole(
  db: Db,
  target: { userId: string } | { email: string },
  role: StaffRole,
  actor: AuditActor,
): Promise<void> {
  if ('email' in target) {
    await db.transaction(async (tx) => {
      const removed = await tx
        .delete(staffInvitations)
        .where(and(eq(staffInvitations.email, target.email.toLowerCase()), eq(staffInvitations.role, role)))
        .returning({ email: staffInvitations.email });
      if (removed.length === 0) throw new DomainError('not_found');
      await recordAudit(tx, actor, {
        action: 'staff.revoked',
        objectType: 'staff_invitation',
        objectId: removed[0].email,
        changes: { role, email: removed[0].email, invited: true },
      });
    });
    return;
  }
  await db.transaction(async (tx) => {
    if (role === 'admin') {
      const admins = await tx
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(eq(userRoles.role, 'admin'))
        .orderBy(asc(userRoles.userId))
        .for('update');
      if (admins.some((a) => a.userId === target.userId) && admins.length <= 1) throw new DomainError('last_admin');
    }
    const removed = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, target.userId), eq(userRoles.role, role)))
      .returning({ userId: userRoles.userId });
    if (removed.length === 0) throw new DomainError('not_found');
    await recordAudit(tx, actor, {
      action: 'staff.revoked',
      objectType: 'user',
      objectId: target.userId,
      subjectUserId: target.userId,
      changes: { role },
    });
    // Every instance drops the sessions it trusted with the old roles.
    await forgetSessions(tx, target.userId);
  });
}

/** Days an invitation to the staff stays good; after that the admin invites again. */
export const INVITATION_VALID_DAYS = 7;

/**
 * Once the account of an invited e-mail has confirmed that address (at sign-up through a
 * provider that vouches for it, or by the confirmation link: auth.ts calls this on both), gives
 * the roles the invitations to it promised, if made within INVITATION_VALID_DAYS of `now` (UTC),
 * and closes every invitation to it. Whoever merely types an invited address into the sign-up
 * form gets nothing until they open the link sent to it. The account's sessions are told
 * (forgetSessions) so its next request sees the role.
 */
export async function grantInvitedRoles(db: Db, user: { id: string; email: string }, now: Date = new Date()): Promise<void> {
  const email = user.email.toLowerCase();
  const invitations = await db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
  if (invitations.length === 0) return;
  const validAfter = now.getTime() - INVITATION_VALID_DAYS * 86_400_000;
  const valid = invitations.filter((i) => i.createdAt.getTime() >= validAfter);
  if (valid.length > 0) {
    await db
      .insert(userRoles)
      .values(valid.map((i) => ({ userId: user.id, role: i.role })))
      .onConflictDoNothing();
  }
  await db.delete(staffInvitations).where(eq(staffInvitations.email, email));
  if (valid.length > 0) await forgetSessions(db, user.id);
}
