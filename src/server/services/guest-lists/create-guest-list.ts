import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DomainError } from '../../../shared/errors';
import type { createGuestListSchema, GuestListView } from '../../../shared/schemas/guest-lists';
import { queryRows, type Db } from '../../db/client';
import { readGuestLists, toGuestListView } from './guest-list-rows';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/** The staff roles that may own a list: a promoter, or anyone of the team. */
const OWNER_ROLES = ['promoter', 'admin', 'validator', 'box_office'] as const;

/**
 * The back office creates a guest list for `eventId` ('Lista amiga',
 * docs/rules/guest-lists.md 'Lists'): its owner (a staff member found by e-mail, holding one of OWNER_ROLES),
 * the sector its names enter as, the quota, the rule (free until `freeUntil`, then a price or a
 * percent off a reference price; instants UTC, money in centavos) and when it stops taking names.
 * The link's token is 24 random bytes, base64url. Throws DomainError: event_not_found,
 * guest_list_owner_not_found (field ownerEmail), ticket_type_not_found (field sectorId),
 * validation_failed (field closesAt) when it closes after the event day is long over. The list is
 * recorded in the audit trail by `actor` (docs/rules/audit.md 'What is recorded').
 */
export async function createGuestList(
  db: Db,
  createdBy: string,
  eventId: string,
  input: z.output<typeof createGuestListSchema>,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<GuestListView> {
  const [event] = await queryRows<{ id: string }>(db, sql`SELECT id FROM events WHERE id = ${eventId}::uuid`);
  if (!event) throw new DomainError('event_not_found');
  const [owner] = await queryRows<{ id: string }>(
    db,
    sql`
    SELECT u.id FROM users u
    WHERE lower(u.email) = ${input.ownerEmail}
      AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role::text IN (${sql.join(
        OWNER_ROLES.map((r) => sql`${r}`),
        sql`, `,
      )}))`,
  );
  if (!owner) throw new DomainError('guest_list_owner_not_found', { field: 'ownerEmail' });
  const [sector] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM ticket_types WHERE id = ${input.sectorId}::uuid AND event_id = ${eventId}::uuid`,
  );
  if (!sector) throw new DomainError('ticket_type_not_found', { field: 'sectorId' });
  const closesAt = new Date(input.closesAt);
  if (closesAt.getTime() <= now.getTime())
    throw new DomainError('validation_failed', { field: 'closesAt' }, 'A lista deve encerrar depois de agora.');

  const afterPrice = input.afterKind === 'free' ? null : (input.afterPriceCentavos ?? null);
  const created = await db.transaction(async (tx) => {
    const [list] = await queryRows<{ id: string }>(
      tx,
      sql`
    INSERT INTO guest_lists (event_id, owner_id, name, ticket_type_id, quota, free_until, after_kind, after_price_centavos, discount_percent, closes_at, token, created_by)
    VALUES (${eventId}::uuid, ${owner.id}, ${input.name}, ${input.sectorId}::uuid, ${input.quota}, ${new Date(input.freeUntil)}, ${input.afterKind},
            ${afterPrice}, ${input.afterKind === 'discount' ? (input.discountPercent ?? null) : null}, ${closesAt}, ${randomBytes(24).toString('base64url')}, ${createdBy})
    RETURNING id`,
    );
    await recordAudit(tx, actor, {
      action: 'guest_list.created',
      objectType: 'guest_list',
      objectId: list.id,
      eventId,
      changes: {
        name: input.name,
        ownerId: owner.id,
        sectorId: input.sectorId,
        quota: input.quota,
        freeUntil: new Date(input.freeUntil).toISOString(),
        afterKind: input.afterKind,
        afterPriceCentavos: afterPrice,
        closesAt: closesAt.toISOString(),
      },
    });
    return list;
  });
  const [row] = await readGuestLists(db, sql`gl.id = ${created.id}::uuid`);
  return toGuestListView(row, now);
}
