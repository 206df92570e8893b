import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { GuestAdmission } from '../../../shared/schemas/guest-lists';
import { queryRows } from '../../db/client';
import { alreadyAdmittedMessage, guestCharge } from '../../domain/guest-list';
import type { ServiceDeps } from '../deps';
import { loadWorkableDoorEvent } from '../door/door-event';
import { manualCheckIn } from '../door/manual-check-in';
import { confirmOrders } from '../payments/confirm-payment';
import { insertOrders, type PlacedOrder } from '../orders/place-order';
import { ruleOf } from './guest-list-rows';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/** Minutes the guest's order is pending before the same transaction completes it (it never waits). */
const GUEST_ORDER_HOLD_MINUTES = 10;

export interface AdmitGuestInput {
  entryId: string;
  /** The door's event. */
  eventId: string;
  validatorId: string;
  /** How the guest paid when the rule charges: cash or the card machine. */
  paymentMethod?: 'cash' | 'card_machine';
  gate?: string;
  deviceId?: string | null;
}

/**
 * The order of a list name let in: channel 'guest_list' (payment provider 'guest_list'), one unit
 * of the list's sector from the lot the name held since it was added, at what the rule charges
 * (centavos), named for the guest; pending until the same transaction confirms it.
 */
function guestOrder(input: {
  id: string;
  eventId: string;
  userId: string | null;
  charge: number;
  paymentMethod: 'cash' | 'card_machine';
  drawerId: string | null;
  now: Date;
  entry: {
    name: string;
    email: string | null;
    cpf: string | null;
    ticket_type_id: string | null;
    lot_id: string | null;
    sector_name: string | null;
  };
}): PlacedOrder {
  const { entry, now, charge } = input;
  return {
    id: input.id,
    eventId: input.eventId,
    userId: input.userId,
    status: 'pending',
    subtotalCentavos: charge,
    discountCentavos: 0,
    feeCentavos: 0,
    absorbedFeeCentavos: 0,
    totalCentavos: charge,
    couponId: null,
    paymentMethod: input.paymentMethod,
    channel: 'guest_list',
    drawerId: input.drawerId,
    deviceNonce: null,
    admitOnPayment: false,
    cardNsu: null,
    cardBrand: null,
    cashTenderedCentavos: null,
    installments: 1,
    buyerName: entry.name,
    buyerEmail: entry.email ?? '',
    buyerPhone: '',
    buyerCpf: entry.cpf ?? '',
    paymentProvider: 'guest_list',
    issuedBy: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    adClickIds: [],
    paymentId: null,
    pixCode: null,
    paymentError: null,
    expiresAt: new Date(now.getTime() + GUEST_ORDER_HOLD_MINUTES * 60_000),
    completedAt: null,
    createdAt: now,
    updatedAt: now,
    items: [
      {
        sectorId: entry.ticket_type_id!,
        lotId: entry.lot_id!,
        lotPosition: 1,
        name: `${entry.sector_name ?? 'Ingresso'} · Lista amiga`,
        quantity: 1,
        unitPriceCentavos: charge,
        unitFeeCentavos: 0,
        concession: null,
        holder: null,
        holderNames: [entry.name],
        holderCpfs: [entry.cpf ?? ''],
      },
    ],
    event: { id: input.eventId, title: '', date: '', startTime: '', location: '' },
  };
}

/**
 * The door admits a list name ('Lista amiga', docs/rules/guest-lists.md 'At the door'). The name gets
 * a real ticket, so the door's counts, the borderô and the guest's 'Meus ingressos' see it like
 * any other: in one transaction, with the name's row locked (two doors admitting it at once take
 * turns), an order of channel 'guest_list' (payment provider 'guest_list') for one unit of the
 * list's sector, the unit the name held since it was added (add-guest-entry.ts), at what the rule
 * charges at `now` (domain/guest-list.ts guestCharge: 0 before the free time, else the price or
 * the discounted reference, in centavos). A charge is paid at the door in cash or on the card
 * machine, the method recorded; cash goes into the operator's open cash drawer for the event
 * (without one the door takes the card machine only), a card payment into it when there is one.
 * The order is written by the one order writer (orders/place-order.ts insertOrders) and completed
 * through the one confirmation path (payments/confirm-payment.ts confirmOrders, no purchase
 * e-mail: the guest is at the door), which issues the ticket named for the guest. Then
 * the ticket is let in through the door's manual admission (door/manual-check-in.ts
 * manualCheckIn: the one door rule, window and all, recorded as a manual check-in by the
 * validator), and only an accepted entry marks the name admitted (ticket, time, validator); the
 * answer carries that verdict (`verdict`, the door's card shows it as the latest action). A
 * ticket issued once is reused if its entry was refused (too early...): the guest is never
 * charged twice.
 *
 * Throws DomainError: event_not_found (not a door the validator may work now),
 * guest_entry_not_found (not a name of this event), guest_entry_admitted ('Já entrou às 23:40',
 * details.admittedAt), guest_payment_required (past the free time without a method),
 * guest_cash_without_drawer (cash with no drawer of the operator open). A name let in is recorded
 * in the audit trail by `actor` with what was charged, as it is marked (docs/rules/audit.md 'What is recorded').
 */
export async function admitGuestEntry(
  deps: ServiceDeps,
  input: AdmitGuestInput,
  options: { opensMinutesBefore: number },
  actor: AuditActor,
  now: Date = new Date(),
): Promise<GuestAdmission> {
  const door = await loadWorkableDoorEvent(deps.db, input.eventId, options.opensMinutesBefore, now);
  const issued = await deps.db.transaction(async (tx) => {
    const [entry] = await queryRows<{
      id: string;
      name: string;
      email: string | null;
      cpf: string | null;
      ticket_type_id: string | null;
      lot_id: string | null;
      ticket_id: string | null;
      admitted_at: Date | string | null;
      sector_name: string | null;
      free_until: Date | string;
      after_kind: 'free' | 'price' | 'discount';
      after_price_centavos: number | null;
      discount_percent: number | null;
    }>(
      tx,
      sql`
      SELECT ge.id, ge.name, ge.email, ge.cpf, ge.ticket_type_id, ge.lot_id, ge.ticket_id, ge.admitted_at,
             (SELECT tt.name FROM ticket_types tt WHERE tt.id = ge.ticket_type_id) AS sector_name,
             gl.free_until, gl.after_kind, gl.after_price_centavos, gl.discount_percent
      FROM guest_list_entries ge JOIN guest_lists gl ON gl.id = ge.list_id
      WHERE ge.id = ${input.entryId}::uuid AND ge.event_id = ${door.id}::uuid
      FOR UPDATE OF ge`,
    );
    if (!entry) throw new DomainError('guest_entry_not_found');
    if (entry.admitted_at !== null) {
      const at = new Date(entry.admitted_at);
      throw new DomainError('guest_entry_admitted', { admittedAt: at.toISOString() }, alreadyAdmittedMessage(at));
    }
    if (entry.ticket_id) return { ticketId: entry.ticket_id, chargedCentavos: 0 };

    const charge = guestCharge(ruleOf(entry), now);
    if (charge > 0 && !input.paymentMethod)
      throw new DomainError('guest_payment_required', { field: 'paymentMethod', chargeCentavos: charge });
    const [drawer] =
      charge > 0
        ? await queryRows<{ id: string }>(
            tx,
            sql`
          SELECT id FROM cash_drawers WHERE event_id = ${door.id}::uuid AND operator_id = ${input.validatorId} AND closed_at IS NULL`,
          )
        : [];
    // Cash lands in a drawer of whoever takes it: without one open, the door takes the card machine only.
    if (charge > 0 && input.paymentMethod === 'cash' && !drawer)
      throw new DomainError('guest_cash_without_drawer', { field: 'paymentMethod' });
    const [account] = entry.email
      ? await queryRows<{ id: string }>(tx, sql`SELECT id FROM users WHERE lower(email) = ${entry.email} LIMIT 1`)
      : [];
    const order = guestOrder({
      id: randomUUID(),
      eventId: door.id,
      userId: account?.id ?? null,
      charge,
      paymentMethod: charge > 0 ? input.paymentMethod! : 'cash',
      drawerId: drawer?.id ?? null,
      entry,
      now,
    });
    await insertOrders(tx, [order]);
    // The guest is let in now: no purchase e-mail with a QR to show at a door already passed (and
    // a name added by hand may have no e-mail). The ticket is in 'Meus ingressos' of an account with that e-mail.
    const [confirmation] = await confirmOrders(deps, tx, [{ ref: { orderId: order.id, eventId: door.id }, now, sendsEmail: false }]);
    if (confirmation.outcome !== 'completed') throw new DomainError('event_not_found');
    const [ticket] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM tickets WHERE order_id = ${order.id}::uuid`);
    await tx.execute(
      sql`UPDATE guest_list_entries SET order_id = ${order.id}::uuid, ticket_id = ${ticket.id}::uuid WHERE id = ${entry.id}::uuid`,
    );
    return { ticketId: ticket.id, chargedCentavos: charge };
  });

  const result = await manualCheckIn(
    deps.db,
    { eventId: door.id, ticketId: issued.ticketId, gate: input.gate, deviceId: input.deviceId ?? null, validatorId: input.validatorId },
    options,
    null,
    now,
  );
  if (!result.accepted) {
    return {
      entryId: input.entryId,
      ticketId: issued.ticketId,
      accepted: false,
      message: result.message,
      chargedCentavos: issued.chargedCentavos,
      admittedAt: null,
      verdict: result,
    };
  }
  const marked = await deps.db.transaction(async (tx) => {
    const [row] = await queryRows<{ admitted_at: Date | string; name: string; list_id: string; order_id: string | null }>(
      tx,
      sql`
      UPDATE guest_list_entries SET admitted_at = ${now}, admitted_by = ${input.validatorId}
      WHERE id = ${input.entryId}::uuid AND admitted_at IS NULL RETURNING admitted_at, name, list_id, order_id`,
    );
    if (row) {
      await recordAudit(tx, actor, {
        action: 'guest.admitted',
        objectType: 'guest_entry',
        objectId: input.entryId,
        eventId: door.id,
        orderId: row.order_id,
        changes: {
          listId: row.list_id,
          name: row.name,
          ticketId: issued.ticketId,
          chargedCentavos: issued.chargedCentavos,
          ...(issued.chargedCentavos > 0 ? { paymentMethod: input.paymentMethod } : {}),
        },
      });
    }
    return row;
  });
  return {
    entryId: input.entryId,
    ticketId: issued.ticketId,
    accepted: true,
    message: 'Entrada liberada',
    chargedCentavos: issued.chargedCentavos,
    admittedAt: new Date(marked?.admitted_at ?? now).toISOString(),
    verdict: result,
  };
}
