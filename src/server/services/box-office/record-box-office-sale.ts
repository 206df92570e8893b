import { eq, sql } from 'drizzle-orm';
import { concessionLabel, countsAgainstReserve, type Concession } from '../../../shared/concessions';
import { DomainError, errorMessages } from '../../../shared/errors';
import type { BoxOfficeSaleInput, BoxOfficeSaleResult, BoxOfficeTicket } from '../../../shared/schemas/box-office';
import { assertBlockHasUnits, blockUnitLots, changeCentavos, priceBoxOfficeSale, type BoxOfficeUnitKind } from '../../domain/box-office';
import { isSenior } from '../../domain/meia';
import { queryRows, type Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { events, orderItems, orders } from '../../db/schema';
import { unnestRows } from '../../lib/unnest';
import { admitScan } from '../door/admit-scans';
import { isNonceTaken } from '../door/check-in-result';
import { confirmOrders } from '../payments/confirm-payment';
import { requestPayment } from '../payments/request-payment';
import type { ServiceDeps } from '../deps';
import { loadBlock, type BlockRow } from './blocks';
import { loadDrawer } from './drawers';

/** Where the door records an admission made at the box office. */
export const BOX_OFFICE_GATE = 'Bilheteria';

/** A sale the device made: at the box office with network ('online', PIX allowed) or sent by a sync. */
export type SaleMode = 'online' | 'sync';

/**
 * Records one box-office sale made from a block (PRODUCT.md 'The organizer's night'), online or
 * synced from a device that sold offline; once per device nonce.
 *
 * Order of checks, in one transaction with the block locked: a nonce already recorded answers
 * 'replayed' with that sale (orders.device_nonce is unique, so two syncs at once record it once);
 * a nonce already refused answers its conflict again. Then the block (this operator's, not
 * returned), the drawer (this operator's, of the block's event, open), the prices
 * (domain/box-office.ts priceBoxOfficeSale: the block's door price, meia at half, courtesy free),
 * the payment (cash: the change, domain changeCentavos; card machine: NSU and brand; PIX: online
 * only), the units (assertBlockHasUnits, then `used + units <= size` as a conditional update, the
 * database's check box_office_blocks_used_within_size behind it), the codes (each one of the
 * block's, unused), the meia-entrada rules (the event sells it; a companion beside a PcD unit; 60+
 * by birth date; one per CPF per event, this sale and earlier ones), the courtesies (only within
 * the operator's courtesy quota for the event, taken by a conditional update).
 *
 * Writes: the order (channel 'box_office', the drawer, the nonce, the method and its details; no
 * service fee; created at the device's time), its items (the lot of each unit from the block,
 * domain blockUnitLots, so a refund gives it back where it came from), the meia units counted in
 * the sector's `half_taken`. A cash or card-machine sale is completed through the payment
 * confirmation's own path (services/payments/confirm-payment.ts confirmOrders, which issues the
 * tickets) and its tickets then carry the block's codes the device already showed; no purchase
 * e-mail without a buyer e-mail. A PIX sale stays pending until its payment is confirmed (the
 * provider's webhook, or the operator in the sandbox: confirm-box-office-pix.ts); its BR Code is
 * asked of the provider after the commit. After the commit, when `admit`, each ticket is admitted
 * at once through the door's one admission path (door/admit-scans.ts admitScan, gate
 * 'Bilheteria', one nonce per ticket).
 *
 * A DomainError in 'sync' mode is recorded as a conflict (box_office_conflicts: code, pt-BR
 * message and what the device sent, once per nonce) and answered 'conflict'; in 'online' mode it
 * is thrown. Money in centavos; `now` a UTC instant.
 */
export async function recordBoxOfficeSale(deps: ServiceDeps, operatorId: string, input: BoxOfficeSaleInput, mode: SaleMode, now: Date = new Date()): Promise<BoxOfficeSaleResult> {
  const earlier = await findRecorded(deps, operatorId, input.nonce);
  if (earlier) return earlier;
  const soldAt = new Date(Math.min(Date.parse(input.soldAt), now.getTime()));
  let written: { orderId: string; eventId: string; changeCentavos: number | null };
  try {
    written = await deps.db.transaction((tx) => writeSale(deps, tx, operatorId, input, mode, soldAt, now));
  } catch (error) {
    if (isUniqueViolation(error, 'orders_device_nonce_unique')) return (await findRecorded(deps, operatorId, input.nonce))!;
    if (!(error instanceof DomainError) || mode === 'online') throw error;
    return recordConflict(deps, operatorId, input, error);
  }
  if (input.payment.method === 'pix') await requestPix(deps, written.orderId, now);
  if (input.admit && input.payment.method !== 'pix') await admitSold(deps, operatorId, input, written, soldAt, now);
  return saleResult(deps, written.orderId, input.nonce, 'recorded', written.changeCentavos);
}

/**
 * Records, in order, the sales a device made while it could not reach the server (POST
 * /api/box-office/sync), each in its own transaction through recordBoxOfficeSale in 'sync' mode:
 * a replayed sale answers 'replayed', a refused one is a recorded conflict; one sale's refusal
 * never stops the others. Returns one result per sale, in order.
 */
export async function syncBoxOfficeSales(deps: ServiceDeps, operatorId: string, sales: BoxOfficeSaleInput[], now: Date = new Date()): Promise<BoxOfficeSaleResult[]> {
  const results: BoxOfficeSaleResult[] = [];
  for (const sale of sales) results.push(await recordBoxOfficeSale(deps, operatorId, sale, 'sync', now));
  return results;
}

/**
 * The sale or conflict already recorded under `nonce`, as answered then (outcome 'replayed' /
 * 'conflict'); null: none. A sale of another operator's drawer under that nonce is not shown: it
 * answers a conflict ('conflict'), recorded nowhere.
 */
async function findRecorded(deps: ServiceDeps, operatorId: string, nonce: string): Promise<BoxOfficeSaleResult | null> {
  const [order] = await queryRows<{ id: string; operator_id: string | null }>(deps.db, sql`
    SELECT o.id, d.operator_id FROM orders o LEFT JOIN cash_drawers d ON d.id = o.drawer_id WHERE o.device_nonce = ${nonce}`);
  if (order && order.operator_id !== operatorId) return conflictResult(nonce, 'conflict', errorMessages.conflict);
  if (order) return saleResult(deps, order.id, nonce, 'replayed', null);
  const [conflict] = await queryRows<{ code: string; message: string }>(deps.db, sql`SELECT code, message FROM box_office_conflicts WHERE device_nonce = ${nonce}`);
  if (conflict) return conflictResult(nonce, conflict.code, conflict.message);
  return null;
}

function conflictResult(nonce: string, code: string, message: string): BoxOfficeSaleResult {
  return { nonce, outcome: 'conflict', orderId: null, status: null, totalCentavos: 0, changeCentavos: null, tickets: [], pixCode: null, canConfirmPix: false, code, message };
}

/** Keeps a refused synced sale (once per nonce) and answers it as a conflict. */
async function recordConflict(deps: ServiceDeps, operatorId: string, input: BoxOfficeSaleInput, error: DomainError): Promise<BoxOfficeSaleResult> {
  const [block] = await queryRows<{ event_id: string }>(deps.db, sql`SELECT event_id FROM box_office_blocks WHERE id = ${input.blockId}::uuid`);
  const [drawer] = await queryRows<{ id: string; event_id: string }>(deps.db, sql`SELECT id, event_id FROM cash_drawers WHERE id = ${input.drawerId}::uuid`);
  const eventId = block?.event_id ?? drawer?.event_id;
  if (!eventId) return conflictResult(input.nonce, error.code, error.message);
  // Holder CPFs stay as the device sent them: the back office reads the conflict to settle it.
  await deps.db.execute(sql`
    INSERT INTO box_office_conflicts (event_id, block_id, drawer_id, device_nonce, code, message, payload)
    VALUES (${eventId}::uuid, ${block ? input.blockId : null}::uuid, ${drawer?.id ?? null}::uuid, ${input.nonce}, ${error.code}, ${error.message}, ${JSON.stringify(input)}::jsonb)
    ON CONFLICT (device_nonce) DO NOTHING`);
  deps.log.warn({ nonce: input.nonce, code: error.code, blockId: input.blockId }, 'box-office sale refused at sync: recorded as a conflict');
  return (await findRecorded(deps, operatorId, input.nonce)) ?? conflictResult(input.nonce, error.code, error.message);
}

/** One unit of a sale in the order the device numbered them: full units, then each meia, then courtesies. */
type SoldUnit = { kind: BoxOfficeUnitKind; lotId: string; half: BoxOfficeSaleInput['half'][number] | null; code: string | null };

async function writeSale(
  deps: ServiceDeps,
  tx: Tx,
  operatorId: string,
  input: BoxOfficeSaleInput,
  mode: SaleMode,
  soldAt: Date,
  now: Date,
): Promise<{ orderId: string; eventId: string; changeCentavos: number | null }> {
  const block = await loadBlock(tx, input.blockId, operatorId, true);
  const drawer = await loadDrawer(tx, input.drawerId, operatorId);
  if (drawer.event_id !== block.event_id) throw new DomainError('drawer_not_found');
  if (drawer.closed_at) throw new DomainError('drawer_closed');
  if (input.payment.method === 'pix' && mode === 'sync') throw new DomainError('box_office_sale_offline_pix');
  const [event] = await queryRows<{ title: string; meia_entrada: boolean; is_cancelled: boolean }>(tx, sql`
    SELECT title, meia_entrada, cancelled_at IS NOT NULL AS is_cancelled FROM events WHERE id = ${block.event_id}::uuid FOR KEY SHARE`);
  if (event.is_cancelled) throw new DomainError('event_cancelled');

  const priced = priceBoxOfficeSale(Number(block.unit_price_centavos), [
    { kind: 'full', quantity: input.full },
    { kind: 'half', quantity: input.half.length },
    { kind: 'courtesy', quantity: input.courtesy },
  ]);
  const change = input.payment.method === 'cash' ? changeCentavos(priced.totalCentavos, input.payment.cashTenderedCentavos) : null;

  assertBlockHasUnits({ size: Number(block.size), used: Number(block.used), returnedAt: block.returned_at ? new Date(block.returned_at) : null }, priced.units);
  const [taken] = await queryRows<{ used: number }>(tx, sql`
    UPDATE box_office_blocks SET used = used + ${priced.units}
    WHERE id = ${block.id}::uuid AND returned_at IS NULL AND used + ${priced.units} <= size RETURNING used`);
  if (!taken) throw new DomainError('block_exhausted', { left: Number(block.size) - Number(block.used) });
  const from = Number(taken.used) - priced.units;

  const codes = input.payment.method === 'pix' ? [] : await checkCodes(tx, block, input.codes, priced.units);
  await checkHalf(tx, block.event_id, event.meia_entrada, input.half, soldAt);
  if (input.courtesy > 0) await takeCourtesies(tx, block.event_id, operatorId, input.courtesy);

  const lotOfUnit = blockUnitLots(block.lots, from, priced.units).flatMap((lot) => Array.from({ length: lot.quantity }, () => lot.lotId));
  const kinds: { kind: BoxOfficeUnitKind; half: SoldUnit['half'] }[] = [
    ...Array.from({ length: input.full }, () => ({ kind: 'full' as const, half: null })),
    ...input.half.map((half) => ({ kind: 'half' as const, half })),
    ...Array.from({ length: input.courtesy }, () => ({ kind: 'courtesy' as const, half: null })),
  ];
  const units: SoldUnit[] = kinds.map((k, i) => ({ ...k, lotId: lotOfUnit[i], code: codes[i] ?? null }));

  const reserveHalf = input.half.filter((half) => countsAgainstReserve(half.concession)).length;
  if (reserveHalf > 0) await tx.execute(sql`UPDATE ticket_types SET half_taken = half_taken + ${reserveHalf} WHERE id = ${block.ticket_type_id}::uuid`);

  const payment = input.payment;
  const buyerName = input.buyerName?.trim() || 'Bilheteria';
  const buyerEmail = input.buyerEmail?.trim().toLowerCase() ?? '';
  const [order] = await tx
    .insert(orders)
    .values({
      eventId: block.event_id,
      userId: null,
      status: 'pending',
      subtotalCentavos: priced.totalCentavos,
      totalCentavos: priced.totalCentavos,
      paymentMethod: payment.method,
      channel: 'box_office',
      drawerId: drawer.id,
      deviceNonce: input.nonce,
      cardNsu: payment.method === 'card_machine' ? payment.cardNsu : null,
      cardBrand: payment.method === 'card_machine' ? payment.cardBrand : null,
      cashTenderedCentavos: payment.method === 'cash' ? payment.cashTenderedCentavos : null,
      buyerName,
      buyerEmail,
      buyerPhone: '',
      buyerCpf: input.half[0]?.cpf ?? '',
      paymentProvider: payment.method === 'pix' ? deps.payments.name : 'box_office',
      issuedBy: input.courtesy > 0 ? operatorId : null,
      expiresAt: new Date(Math.max(soldAt.getTime(), now.getTime()) + deps.orderHoldMinutes * 60_000),
      createdAt: soldAt,
      updatedAt: now,
    })
    .returning({ id: orders.id });

  const items = groupItems(units, block.ticket_type_name);
  const inserted = await tx
    .insert(orderItems)
    .values(
      items.map((item) => ({
        orderId: order.id,
        ticketTypeId: block.ticket_type_id,
        ticketTypeName: item.name,
        lotId: item.lotId,
        quantity: item.units.length,
        unitPriceCentavos: priced.lines.find((line) => line.kind === item.kind)!.unitPriceCentavos,
        concession: item.half?.concession ?? null,
        holderCpf: item.half?.cpf ?? null,
        holderBirthDate: item.half?.birthDate ?? null,
        documentNumber: item.half?.documentNumber || null,
        holderNames: item.half ? [item.half.name] : [],
      })),
    )
    .returning({ id: orderItems.id });

  if (payment.method !== 'pix') {
    const [confirmed] = await confirmOrders(deps, tx, [{ ref: { orderId: order.id, eventId: block.event_id }, now: soldAt }]);
    if (confirmed.outcome !== 'completed') throw new DomainError('internal', { outcome: confirmed.outcome });
    await giveBlockCodes(tx, inserted.map((row, i) => ({ itemId: row.id, codes: items[i].units.map((u) => u.code!) })));
    if (!buyerEmail) await tx.execute(sql`DELETE FROM outbox WHERE kind = 'order_confirmation_email' AND payload->>'orderId' = ${order.id} AND done_at IS NULL`);
  }
  return { orderId: order.id, eventId: block.event_id, changeCentavos: change };
}

/** Consecutive units of one kind and lot as one item; each meia its own item (one unit, its holder). */
function groupItems(units: SoldUnit[], sectorName: string): { kind: BoxOfficeUnitKind; lotId: string; half: SoldUnit['half']; name: string; units: SoldUnit[] }[] {
  const items: { kind: BoxOfficeUnitKind; lotId: string; half: SoldUnit['half']; name: string; units: SoldUnit[] }[] = [];
  for (const unit of units) {
    const last = items.at(-1);
    if (last && unit.kind !== 'half' && last.kind === unit.kind && last.lotId === unit.lotId) {
      last.units.push(unit);
      continue;
    }
    const name =
      unit.kind === 'half' ? `${sectorName} · Meia-entrada (${concessionLabel[unit.half!.concession as Concession]})` : unit.kind === 'courtesy' ? `${sectorName} · Cortesia` : sectorName;
    items.push({ kind: unit.kind, lotId: unit.lotId, half: unit.half, name, units: [unit] });
  }
  return items;
}

/**
 * The codes a device gave the units of a cash or card-machine sale: one per unit, distinct, each
 * issued with this block and on no ticket yet. Throws DomainError('block_code_invalid').
 */
async function checkCodes(tx: Tx, block: BlockRow, codes: string[], units: number): Promise<string[]> {
  const issued = new Set(block.codes);
  if (codes.length !== units || new Set(codes).size !== units || codes.some((code) => !issued.has(code))) throw new DomainError('block_code_invalid');
  const [taken] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM tickets WHERE code = ANY(${sql.param(codes)}::text[])`);
  if (Number(taken.n) > 0) throw new DomainError('block_code_invalid');
  return codes;
}

/**
 * The meia-entrada rules at the box office (Lei 12.933/2013, Decreto 8.537/2015; the online sale
 * checks the same in domain/sale.ts): the event sells it; a companion only beside a PcD unit of
 * the sale; 'senior' 60+ by birth date at the sale; one meia per CPF per event, in this sale and
 * among the event's pending and paid orders. Throws the DomainError of the first rule broken.
 */
async function checkHalf(tx: Tx, eventId: string, meiaEntrada: boolean, half: BoxOfficeSaleInput['half'], soldAt: Date): Promise<void> {
  if (half.length === 0) return;
  if (!meiaEntrada) throw new DomainError('meia_not_offered');
  if (half.some((h) => h.concession === 'pcd_companion') && !half.some((h) => h.concession === 'pcd')) throw new DomainError('meia_companion_without_pcd');
  for (const h of half) if (h.concession === 'senior' && !(h.birthDate && isSenior(h.birthDate, soldAt))) throw new DomainError('meia_senior_age');
  const cpfs = half.map((h) => h.cpf);
  const repeated = cpfs.find((cpf, i) => cpfs.indexOf(cpf) !== i);
  if (repeated) throw new DomainError('meia_cpf_repeated', { cpf: repeated });
  const [held] = await queryRows<{ holder_cpf: string }>(tx, sql`
    SELECT i.holder_cpf FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE o.event_id = ${eventId}::uuid AND o.status IN ('pending', 'completed') AND i.concession IS NOT NULL AND i.holder_cpf = ANY(${sql.param(cpfs)}::text[])
    LIMIT 1`);
  if (held) throw new DomainError('meia_cpf_repeated', { cpf: held.holder_cpf });
}

/** Takes `count` courtesies from the operator's quota for the event, only within it. Throws DomainError('box_office_courtesy_not_allowed'). */
async function takeCourtesies(tx: Tx, eventId: string, operatorId: string, count: number): Promise<void> {
  const taken = await queryRows<{ used: number }>(tx, sql`
    UPDATE courtesy_quotas SET used = used + ${count} WHERE event_id = ${eventId}::uuid AND user_id = ${operatorId} AND used + ${count} <= quota RETURNING used`);
  if (taken.length === 0) throw new DomainError('box_office_courtesy_not_allowed');
}

/** The tickets just issued for each item carry the block codes the device gave its units (shown offline already). */
async function giveBlockCodes(tx: Tx, items: { itemId: string; codes: string[] }[]): Promise<void> {
  for (const item of items) {
    const issued = await queryRows<{ id: string }>(tx, sql`SELECT id FROM tickets WHERE order_item_id = ${item.itemId}::uuid ORDER BY id`);
    const pairs = issued.map((ticket, i) => ({ id: ticket.id, code: item.codes[i] }));
    const rows = unnestRows(pairs, 'c', { id: ['uuid', (p) => p.id], code: ['text', (p) => p.code] });
    await tx.execute(sql`UPDATE tickets t SET code = c.code FROM ${rows.from} WHERE t.id = c.id`);
  }
}

/**
 * Asks the provider for the PIX of a pending box-office order (after the commit), through the
 * online sale's own request (orders/place-order.ts requestPayment: idempotency key, id and BR Code
 * kept on the order, a refusal releasing the order as 'failed'). Throws DomainError('payment_failed')
 * when the provider refused.
 */
async function requestPix(deps: ServiceDeps, orderId: string, now: Date): Promise<void> {
  const [{ order, title }] = await deps.db.select({ order: orders, title: events.title }).from(orders).innerJoin(events, eq(events.id, orders.eventId)).where(eq(orders.id, orderId));
  if (!(await requestPayment(deps, order, now, `Bilheteria: ${title}`))) throw new DomainError('payment_failed');
}

/** Admits every ticket of a sale at once at the box office's gate, through the door's one admission path. */
async function admitSold(
  deps: ServiceDeps,
  operatorId: string,
  input: BoxOfficeSaleInput,
  written: { orderId: string; eventId: string },
  soldAt: Date,
  now: Date,
): Promise<void> {
  await admitTickets(deps, operatorId, { orderId: written.orderId, eventId: written.eventId, deviceId: input.deviceId, nonce: input.nonce, at: soldAt, offline: now.getTime() - soldAt.getTime() > 60_000 });
}

/**
 * Admits the valid tickets of a box-office order at the gate 'Bilheteria' (door/admit-scans.ts
 * admitScan, manual, nonce `<sale nonce>:<n>` so a replay records each once), at `at` (UTC).
 */
export async function admitTickets(
  deps: ServiceDeps,
  operatorId: string,
  sale: { orderId: string; eventId: string; deviceId: string | null; nonce: string; at: Date; offline: boolean },
): Promise<void> {
  const issued = await queryRows<{ id: string; code: string }>(deps.db, sql`SELECT id, code FROM tickets WHERE order_id = ${sale.orderId}::uuid ORDER BY code`);
  for (const [n, ticket] of issued.entries()) {
    try {
      await admitScan(deps.db, {
        ticket: { ticketId: ticket.id },
        scannedCode: ticket.code,
        doorEventId: sale.eventId,
        window: 'open',
        at: sale.at,
        record: { validatorId: operatorId, location: BOX_OFFICE_GATE, deviceId: sale.deviceId, nonce: `${sale.nonce}:${n}`, offline: sale.offline, manual: true },
      });
    } catch (error) {
      if (!isNonceTaken(error)) throw error;
    }
  }
}

/** A recorded box-office sale as the device shows it: its state, total, change, PIX code and tickets (issue order). */
export async function saleResult(deps: ServiceDeps, orderId: string, nonce: string, outcome: 'recorded' | 'replayed', change: number | null): Promise<BoxOfficeSaleResult> {
  const [order] = await queryRows<{ status: string; total_centavos: number; cash_tendered_centavos: number | null; pix_code: string | null; payment_method: string }>(deps.db, sql`
    SELECT status, total_centavos, cash_tendered_centavos, pix_code, payment_method FROM orders WHERE id = ${orderId}::uuid`);
  const tickets = await queryRows<{ id: string; code: string; ticket_type_name: string; holder_name: string | null; concession: Concession | null; checked_in_at: Date | string | null }>(deps.db, sql`
    SELECT id, code, ticket_type_name, holder_name, concession, checked_in_at FROM tickets WHERE order_id = ${orderId}::uuid ORDER BY order_item_id, code`);
  const total = Number(order.total_centavos);
  return {
    nonce,
    outcome,
    orderId,
    status: order.status === 'completed' ? 'completed' : order.status === 'pending' ? 'pending' : null,
    totalCentavos: total,
    changeCentavos: change ?? (order.cash_tendered_centavos === null ? null : Number(order.cash_tendered_centavos) - total),
    tickets: tickets.map((t): BoxOfficeTicket => ({
      id: t.id,
      code: t.code,
      ticketTypeName: t.ticket_type_name,
      holderName: t.holder_name,
      concession: t.concession,
      checkedInAt: t.checked_in_at ? new Date(t.checked_in_at).toISOString() : null,
    })),
    pixCode: order.pix_code,
    canConfirmPix: order.payment_method === 'pix' && order.status === 'pending' && deps.payments.isSandbox,
    code: null,
    message: null,
  };
}
