import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AdminCoupon, CouponEventOption, CouponInput, DeleteCouponResponse } from '../../../shared/schemas/admin-content';
import { DomainError } from '../../../shared/errors';
import { eventInstant, saoPauloToday } from '../../../shared/dates';
import type { Db, Tx } from '../../db/client';
import { coupons, events, orders, sectors } from '../../db/schema';
import { countAccessCodeFailures } from './access-code-attempts';
import { listUpcomingEventOptions } from './upcoming-event-options';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { diffFields } from '../audit/diff-fields';

type CouponRow = typeof coupons.$inferSelect;

const couponNotFound = () => new DomainError('not_found', {}, 'Cupom não encontrado.');
const codeTaken = () => new DomainError('conflict', { field: 'code' }, 'Já existe um cupom com este código.');
const eventMissing = () => new DomainError('validation_failed', { field: 'eventId' }, 'Evento não encontrado');

/** First instant of a São Paulo calendar day. */
function startOfDay(day: string): Date {
  return eventInstant(day, '00:00');
}

/** Last millisecond of a São Paulo calendar day (the validity window is inclusive). */
function endOfDay(day: string): Date {
  return new Date(eventInstant(day, '23:59:59').getTime() + 999);
}

function toAdminCoupon(row: CouponRow, eventTitle: string | null, orderCount: number, sectorName: string | null): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    discountType: row.discountType,
    discountValue: row.discountValue,
    minPurchaseCentavos: row.minPurchaseCentavos,
    maxUses: row.maxUses,
    currentUses: row.currentUses,
    heldUses: row.heldUses,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    validFromDay: row.validFrom ? saoPauloToday(row.validFrom) : null,
    validUntilDay: row.validUntil ? saoPauloToday(row.validUntil) : null,
    isActive: row.isActive,
    eventId: row.eventId,
    eventTitle,
    hasOrders: orderCount > 0,
    unlocksSectorId: row.unlocksSectorId,
    unlocksSectorName: sectorName,
    accessCodeFailures: null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function loadAdminCoupons(db: Db | Tx, id?: string): Promise<AdminCoupon[]> {
  const used = db
    .select({ couponId: orders.couponId, orderCount: count().as('order_count') })
    .from(orders)
    .groupBy(orders.couponId)
    .as('used');
  const rows = await db
    .select({ coupon: coupons, eventTitle: events.title, orderCount: used.orderCount, sectorName: sectors.name })
    .from(coupons)
    .leftJoin(events, eq(events.id, coupons.eventId))
    .leftJoin(sectors, eq(sectors.id, coupons.unlocksSectorId))
    .leftJoin(used, eq(used.couponId, coupons.id))
    .where(id ? eq(coupons.id, id) : undefined)
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  const listed = rows.map((r) => toAdminCoupon(r.coupon, r.eventTitle, Number(r.orderCount ?? 0), r.sectorName));
  // A pre-sale code shows how often its event's codes were tried and failed (access-code-attempts.ts).
  const failures = await countAccessCodeFailures(db, [
    ...new Set(listed.flatMap((c) => (c.unlocksSectorId && c.eventId ? [c.eventId] : []))),
  ]);
  return listed.map((c) =>
    c.unlocksSectorId && c.eventId ? { ...c, accessCodeFailures: failures.get(c.eventId) ?? { last24h: 0, last7d: 0, lastAt: null } } : c,
  );
}

/** The stored columns of a coupon input (code already upper-cased by the schema). */
/** A coupon's fields the audit trail compares (docs/rules/audit.md 'What is recorded'). */
const AUDITED_COUPON_FIELDS = [
  'code',
  'description',
  'discountType',
  'discountValue',
  'minPurchaseCentavos',
  'maxUses',
  'validFrom',
  'validUntil',
  'isActive',
  'eventId',
  'unlocksSectorId',
] as const;

function toColumns(input: CouponInput, now: Date) {
  return {
    code: input.code,
    description: input.description,
    discountType: input.discountType,
    discountValue: input.discountValue,
    minPurchaseCentavos: input.minPurchaseCentavos,
    maxUses: input.maxUses,
    validFrom: input.validFrom ? startOfDay(input.validFrom) : null,
    validUntil: input.validUntil ? endOfDay(input.validUntil) : null,
    isActive: input.isActive,
    eventId: input.eventId,
    unlocksSectorId: input.unlocksSectorId,
    updatedAt: now,
  };
}

async function assertCodeFree(tx: Tx, code: string, exceptId?: string) {
  const [other] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code));
  if (other && other.id !== exceptId) throw codeTaken();
}

async function assertEventExists(tx: Tx, eventId: string | null, unlocksSectorId: string | null = null) {
  if (!eventId) return;
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw eventMissing();
  if (!unlocksSectorId) return;
  // A pre-sale code unlocks a sector of its own event.
  const [sector] = await tx
    .select({ id: sectors.id })
    .from(sectors)
    .where(and(eq(sectors.id, unlocksSectorId), eq(sectors.eventId, eventId)));
  if (!sector) throw new DomainError('validation_failed', { field: 'unlocksSectorId' }, 'Setor de pré-venda não encontrado neste evento');
}

// PostgreSQL's unique (23505) and foreign key (23503) violations, as `pg` and PGlite raise them,
// possibly wrapped by Drizzle: a coupon code taken or an event deleted by a concurrent request.
function violation(error: unknown): '23505' | '23503' | null {
  let e = error as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    if (e.code === '23505' || e.code === '23503') return e.code;
  }
  return null;
}

function translateViolation(error: unknown): never {
  const code = violation(error);
  if (code === '23505') throw codeTaken();
  if (code === '23503') throw eventMissing();
  throw error;
}

/**
 * Every coupon, newest first, with its event's title (null: all events), its uses (paid and
 * held) and whether any order used it (docs/rules/sale.md 'Coupons').
 */
export async function listCoupons(db: Db): Promise<AdminCoupon[]> {
  return loadAdminCoupons(db);
}

/**
 * The events a coupon may be limited to (docs/rules/sale.md 'Coupons'): those not over at `now`,
 * soonest first (upcoming-event-options.ts listUpcomingEventOptions; over is shared/dates
 * isEventPast). A coupon already tied to an event that ended keeps it.
 */
export async function listCouponEventOptions(db: Db, now: Date = new Date()): Promise<CouponEventOption[]> {
  return listUpcomingEventOptions(db, now);
}

/**
 * Creates a coupon from a parsed input (docs/rules/sale.md 'Coupons'; validity days in
 * America/Sao_Paulo, from the start of `validFrom` through the end of `validUntil`).
 * Throws DomainError 'conflict' { field: 'code' } when the code exists, 'validation_failed'
 * { field: 'eventId' } for an unknown event. Recorded in the audit trail by `actor` (docs/rules/audit.md 'What is recorded').
 */
export async function createCoupon(db: Db, input: CouponInput, actor: AuditActor, now: Date = new Date()): Promise<AdminCoupon> {
  try {
    const id = await db.transaction(async (tx) => {
      await assertCodeFree(tx, input.code);
      await assertEventExists(tx, input.eventId, input.unlocksSectorId);
      const [row] = await tx
        .insert(coupons)
        .values({ ...toColumns(input, now), createdAt: now })
        .returning();
      await recordAudit(tx, actor, {
        action: 'coupon.created',
        objectType: 'coupon',
        objectId: row.id,
        eventId: row.eventId,
        changes: diffFields(null, row, AUDITED_COUPON_FIELDS),
      });
      return row.id;
    });
    return (await loadAdminCoupons(db, id))[0];
  } catch (error) {
    if (error instanceof DomainError) throw error;
    translateViolation(error);
  }
}

/**
 * Replaces a coupon's settings. Uses already made or held stay; the maximum may not go below
 * them (`current_uses + held_uses`), checked in the same UPDATE so a buyer holding a use at the
 * same moment cannot slip past it. Orders already placed keep the price they were given.
 * Throws DomainError 'not_found' ('Cupom não encontrado.'), 'conflict' { field: 'code' },
 * 'validation_failed' { field: 'eventId' | 'maxUses' }. The fields changed are recorded in the
 * audit trail by `actor` (docs/rules/audit.md 'What is recorded').
 */
export async function updateCoupon(
  db: Db,
  id: string,
  input: CouponInput,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<AdminCoupon> {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      await assertCodeFree(tx, input.code, id);
      await assertEventExists(tx, input.eventId, input.unlocksSectorId);
      const [updated] = await tx
        .update(coupons)
        .set(toColumns(input, now))
        .where(
          and(
            eq(coupons.id, id),
            input.maxUses === null ? undefined : sql`${coupons.currentUses} + ${coupons.heldUses} <= ${input.maxUses}`,
          ),
        )
        .returning();
      if (updated) {
        await recordCouponChange(tx, actor, before, updated);
        return;
      }
      const [current] = await tx.select().from(coupons).where(eq(coupons.id, id));
      if (!current) throw couponNotFound();
      const taken = current.currentUses + current.heldUses;
      throw new DomainError(
        'validation_failed',
        { field: 'maxUses', minimum: taken },
        `O limite de usos não pode ser menor que os usos já feitos ou reservados (${taken}).`,
      );
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    translateViolation(error);
  }
  return (await loadAdminCoupons(db, id))[0];
}

/** 'coupon.updated' with the fields changed between two rows of one coupon; nothing when none changed. */
async function recordCouponChange(tx: Tx, actor: AuditActor, before: CouponRow | undefined, after: CouponRow) {
  const changes = diffFields(before, after, AUDITED_COUPON_FIELDS);
  if (Object.keys(changes).length === 0) return;
  await recordAudit(tx, actor, { action: 'coupon.updated', objectType: 'coupon', objectId: after.id, eventId: after.eventId, changes });
}

/**
 * Turns a coupon on or off (the list's toggle), recorded in the audit trail by `actor` as
 * 'coupon.updated' (docs/rules/audit.md 'What is recorded'). Throws DomainError 'not_found'.
 */
export async function setCouponActive(
  db: Db,
  id: string,
  isActive: boolean,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<AdminCoupon> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!before) throw couponNotFound();
    const [row] = await tx.update(coupons).set({ isActive, updatedAt: now }).where(eq(coupons.id, id)).returning();
    await recordCouponChange(tx, actor, before, row);
  });
  return (await loadAdminCoupons(db, id))[0];
}

/**
 * Deletes a coupon no order ever used. A coupon some order used (paid, or waiting with a held
 * use) is deactivated instead and kept: its orders keep their link to the code, the uses stay
 * counted, and no new order can use it. The coupon row is locked first, so an order placed at
 * the same moment is either seen here or refused by the deletion.
 * Throws DomainError 'not_found' ('Cupom não encontrado.'). Recorded in the audit trail by `actor`:
 * 'coupon.deleted', or 'coupon.updated' when it was deactivated (docs/rules/audit.md 'What is recorded').
 */
export async function deleteCoupon(db: Db, id: string, actor: AuditActor, now: Date = new Date()): Promise<DeleteCouponResponse> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!row) throw couponNotFound();
    const [{ value }] = await tx.select({ value: count() }).from(orders).where(eq(orders.couponId, id));
    if (Number(value) > 0 || row.currentUses > 0 || row.heldUses > 0) {
      const [after] = await tx.update(coupons).set({ isActive: false, updatedAt: now }).where(eq(coupons.id, id)).returning();
      await recordCouponChange(tx, actor, row, after);
      return { outcome: 'deactivated' };
    }
    await tx.delete(coupons).where(eq(coupons.id, id));
    await recordAudit(tx, actor, {
      action: 'coupon.deleted',
      objectType: 'coupon',
      objectId: id,
      eventId: row.eventId,
      changes: { code: row.code, discountType: row.discountType, discountValue: row.discountValue },
    });
    return { outcome: 'deleted' };
  });
}
