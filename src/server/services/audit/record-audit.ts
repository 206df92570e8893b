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
