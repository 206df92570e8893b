import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AuditAction } from '../../../shared/audit-actions';
import type { Db, Tx } from '../../db/client';
import { auditEntries } from '../../db/schema';

/**
 * Who acted, as the audit trail keeps it (docs/rules/audit.md 'Who is recorded'): the account
 * (null for the system), the name or e-mail it had at the time, the client address and the request
 * id of the request that acted (null outside a request).
 */
export interface AuditActor {
  userId: string | null;
  label: string;
  ip: string | null;
  requestId: string | null;
}

/** The actor of background work and of the payment provider's webhooks: 'Sistema'. */
export const systemActor: AuditActor = Object.freeze({ userId: null, label: 'Sistema', ip: null, requestId: null });

/**
 * One action to record. `objectType`/`objectId` name what was acted on ('order', 'lot', 'drawer'...);
 * `eventId`, `orderId` and `subjectUserId` (the person the action concerns) feed the per-event,
 * per-order and per-person views. `changes` holds the fields touched, `{ field: { before, after } }`
 * (diffFields), or the facts of the action (amounts in centavos, counts): never secrets, card
 * data, passwords or a full CPF (docs/rules/audit.md 'What is never recorded').
 */
export interface AuditEntry {
  action: AuditAction;
  objectType: string;
  objectId: string;
  eventId?: string | null;
  orderId?: string | null;
  subjectUserId?: string | null;
  changes?: Record<string, unknown>;
}

/**
 * Inserts one audit row (docs/rules/audit.md 'What is recorded') through `tx`, the transaction of
 * the change itself: the row exists exactly when the change commits, and a refused or failed
 * change leaves none. Throws what the database throws.
 */
export async function recordAudit(tx: Db | Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, actor, [entry]);
}

/** recordAudit for several entries of one change in one statement; nothing for an empty list. */
export async function recordAudits(tx: Db | Tx, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditEntries).values(
    entries.map((entry) => ({
      actorId: actor.userId,
      actorLabel: actor.label,
      ip: actor.ip,
      requestId: actor.requestId,
      action: entry.action,
      objectType: entry.objectType,
      objectId: entry.objectId,
      eventId: entry.eventId ?? null,
      orderId: entry.orderId ?? null,
      subjectUserId: entry.subjectUserId ?? null,
      changes: entry.changes ?? {},
    })),
  );
}

/**
 * A CPF as the audit trail may keep it, its first six digits hidden ('***.***.247-25', as the door's
 * guest search shows it), so a row tells two people apart without holding the number
 * (docs/rules/audit.md 'What is never recorded'); null for none.
 */
export function maskCpf(cpf: string | null | undefined): string | null {
  const digits = (cpf ?? '').replace(/\D/g, '');
  if (!digits) return null;
  return digits.length === 11 ? `***.***.${digits.slice(6, 9)}-${digits.slice(9)}` : '***';
}

/** What a deleted account's rows show as their actor (docs/rules/audit.md 'Deleted accounts'). */
export const DELETED_ACTOR_LABEL = 'Conta removida';

/**
 * The pseudonym of a deleted account in the audit trail: 'removido:' and a keyed hash (HMAC-SHA-256
 * with `signingKey`, the product's ticket signing key) of its id, the same for every row of that
 * account, and meaningless without the key (docs/rules/audit.md 'Deleted accounts').
 */
export function auditPseudonym(signingKey: Buffer, userId: string): string {
  return `removido:${createHmac('sha256', signingKey).update(`audit actor v1:${userId}`).digest('base64url').slice(0, 22)}`;
}

/**
 * Pseudonymises a deleted account's audit rows inside the deletion's transaction `tx`
 * (docs/rules/audit.md 'Deleted accounts'): where it acted, `actor_id` becomes its pseudonym and
 * `actor_label` 'Conta removida'; where it was the person concerned, `subject_user_id` becomes the
 * pseudonym; its id and `email` anywhere else in a row (an object id, `changes`) become the
 * pseudonym too. The one update the append-only trail allows. Returns how many rows changed.
 */
export async function pseudonymiseAuditRows(tx: Db | Tx, signingKey: Buffer, user: { id: string; email: string }): Promise<number> {
  const pseudonym = auditPseudonym(signingKey, user.id);
  const email = user.email.toLowerCase();
  const result = (await tx.execute(sql`
    UPDATE audit_entries SET
      actor_label = CASE WHEN actor_id = ${user.id} THEN ${DELETED_ACTOR_LABEL} ELSE actor_label END,
      actor_id = CASE WHEN actor_id = ${user.id} THEN ${pseudonym} ELSE actor_id END,
      subject_user_id = CASE WHEN subject_user_id = ${user.id} THEN ${pseudonym} ELSE subject_user_id END,
      object_id = CASE WHEN object_id IN (${user.id}, ${email}) THEN ${pseudonym} ELSE object_id END,
      changes = replace(replace(changes::text, ${user.id}, ${pseudonym}), ${email}, ${pseudonym})::jsonb
    WHERE actor_id = ${user.id} OR subject_user_id = ${user.id} OR object_id IN (${user.id}, ${email})
       OR strpos(changes::text, ${user.id}) > 0 OR strpos(changes::text, ${email}) > 0
    RETURNING id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
