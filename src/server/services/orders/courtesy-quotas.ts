import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { CourtesyQuota, SetCourtesyQuotaInput } from '../../../shared/schemas/admin-events';
import { queryRows, type Db, type Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/**
 * The courtesy quotas of an event's staff, by name: each member's quota and how many courtesies
 * they issued. Who issues courtesies without a quota is decided by takeCourtesyQuota.
 */
export async function listCourtesyQuotas(db: Db, eventId: string): Promise<CourtesyQuota[]> {
  const rows = await queryRows<{ user_id: string; name: string | null; email: string; quota: number; used: number }>(
    db,
    sql`
    SELECT q.user_id, p.full_name AS name, u.email, q.quota, q.used
    FROM courtesy_quotas q JOIN users u ON u.id = q.user_id LEFT JOIN profiles p ON p.id = q.user_id
    WHERE q.event_id = ${eventId}::uuid ORDER BY lower(coalesce(p.full_name, u.email)), q.user_id`,
  );
  return rows.map((r) => ({ userId: r.user_id, name: r.name ?? r.email, email: r.email, quota: Number(r.quota), used: Number(r.used) }));
}

/**
 * Sets (or, with `quota` null, removes) the courtesy quota of the staff member with `email` for
 * `eventId`: an administrator (who issues courtesies in the back office) or a box-office operator
 * (who issues them at the window). A new quota starts from the courtesies that member already issued for the event
 * (pending or paid orders of provider 'courtesy' with `issued_by`), so it counts them too; a
 * quota may be set below that count (nothing more can be issued then).
 * A change is recorded in the audit trail by `actor` (docs/rules/audit.md 'What is recorded').
 * Throws DomainError: event_not_found; staff_member_not_found (no account with that e-mail holds
 * the admin or box-office role).
 */
export async function setCourtesyQuota(
  db: Db,
  eventId: string,
  input: SetCourtesyQuotaInput,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<CourtesyQuota[]> {
  const [event] = await queryRows<{ id: string }>(db, sql`SELECT id FROM events WHERE id = ${eventId}::uuid`);
  if (!event) throw new DomainError('event_not_found');
  const [member] = await queryRows<{ id: string }>(
    db,
    sql`
    SELECT DISTINCT u.id FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role IN ('admin', 'box_office') WHERE lower(u.email) = ${input.email.toLowerCase()}`,
  );
  if (!member) throw new DomainError('staff_member_not_found', { field: 'email' });
  await db.transaction(async (tx) => {
    const [before] = await queryRows<{ quota: number }>(
      tx,
      sql`SELECT quota FROM courtesy_quotas WHERE event_id = ${eventId}::uuid AND user_id = ${member.id} FOR UPDATE`,
    );
    if (input.quota === null) {
      await tx.execute(sql`DELETE FROM courtesy_quotas WHERE event_id = ${eventId}::uuid AND user_id = ${member.id}`);
    } else {
      await tx.execute(sql`
        INSERT INTO courtesy_quotas (event_id, user_id, quota, used, updated_at)
        SELECT ${eventId}::uuid, ${member.id}, ${input.quota}, count(*)::int, ${now}
        FROM orders WHERE event_id = ${eventId}::uuid AND payment_provider = 'courtesy' AND issued_by = ${member.id} AND status IN ('pending', 'completed')
        ON CONFLICT (event_id, user_id) DO UPDATE SET quota = excluded.quota, updated_at = excluded.updated_at`);
    }
    const quota = { before: before ? Number(before.quota) : null, after: input.quota };
    if (quota.before !== quota.after) {
      await recordAudit(tx, actor, {
        action: 'courtesy_quota.set',
        objectType: 'user',
        objectId: member.id,
        eventId,
        subjectUserId: member.id,
        changes: { quota },
      });
    }
  });
  return listCourtesyQuotas(db, eventId);
}

/**
 * Takes `count` courtesies from `userId`'s quota for `eventId` in one conditional UPDATE (so two
 * simultaneous issues by one member never pass the quota together), for every channel that issues
 * them (the back office, the box office). Who has no quota for the event: an administrator issues
 * without a limit; any other staff member (a box-office operator) issues none. Returns a function
 * that gives them back (when the courtesies could not be placed). Reads through `db` or the
 * caller's transaction. Throws DomainError('courtesy_quota_exceeded', { quota, used }) past a
 * quota, DomainError('box_office_courtesy_not_allowed') without one for a member who is not an
 * administrator.
 */
export async function takeCourtesyQuota(db: Db | Tx, eventId: string, userId: string, count: number): Promise<() => Promise<void>> {
  const taken = await queryRows<{ used: number }>(
    db,
    sql`
    UPDATE courtesy_quotas SET used = used + ${count} WHERE event_id = ${eventId}::uuid AND user_id = ${userId} AND used + ${count} <= quota
    RETURNING used`,
  );
  if (taken.length === 0) {
    const [quota] = await queryRows<{ quota: number; used: number }>(
      db,
      sql`
      SELECT quota, used FROM courtesy_quotas WHERE event_id = ${eventId}::uuid AND user_id = ${userId}`,
    );
    if (quota) throw new DomainError('courtesy_quota_exceeded', { quota: Number(quota.quota), used: Number(quota.used) });
    const [admin] = await queryRows<{ user_id: string }>(
      db,
      sql`SELECT user_id FROM user_roles WHERE user_id = ${userId} AND role = 'admin'`,
    );
    if (!admin) throw new DomainError('box_office_courtesy_not_allowed');
    return async () => {};
  }
  return async () => {
    await db.execute(
      sql`UPDATE courtesy_quotas SET used = greatest(used - ${count}, 0) WHERE event_id = ${eventId}::uuid AND user_id = ${userId}`,
    );
  };
}
