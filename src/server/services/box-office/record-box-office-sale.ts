import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Concession } from '../../../shared/concessions';
import { formatInstant } from '../../../shared/dates';
import { DomainError, errorMessages } from '../../../shared/errors';
import type { BoxOfficeSaleInput, BoxOfficeSaleResult, BoxOfficeTicket } from '../../../shared/schemas/box-office';
import { changeCentavos } from '../../domain/box-office';
import { decideSale, type OrderLine, type OrderRequest, type PricedItem } from '../../domain/sale';
import { queryRows, type Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { events, orders } from '../../db/schema';
import { unnestRows } from '../../lib/unnest';
import { admitOrderInTx } from '../door/admit-at-gate';
import { type DoorEventRow, loadDoorEvent, scanTurnAt } from '../door/door-event';
import { isDoorEventWorkable } from '../../domain/door-window';
import { confirmOrders } from '../payments/confirm-payment';
import { insertOrders, type PlacedOrder } from '../orders/place-order';
import { requestPayment } from '../payments/request-payment';
import { countReserveUnits, rollLots } from '../orders/inventory';
import { takeCourtesyQuota } from '../orders/courtesy-quotas';
import { loadSaleState } from '../orders/sale-state';
import type { ServiceDeps } from '../deps';
import { loadBlock, toSaleBlock, type BlockRow } from './blocks';
import { loadDrawer } from './drawers';
import { recordAudit, type AuditActor } from '../audit/record-audit';

/** A sale the device made: at the box office with network ('online', PIX allowed) or sent by a sync. */
export type SaleMode = 'online' | 'sync';

/**
 * Records one box-office sale made from a block, online or synced from a device that sold
 * offline; once per device nonce. A box-office sale is an order of the one sale: decided by
 * domain/sale.ts decideSale with the block as the offer its units come from (the event on sale,
 * the sector's window, limits per order and per CPF, one meia per CPF, the meia-entrada rules, the
 * block's units and those it keeps for meia, the prices of shared/block-pricing.ts, no fee), at
 * the device's time of the sale, and written by the one order writer (orders/place-order.ts
 * insertOrders) and the one confirmation (payments/confirm-payment.ts confirmOrders).
 *
 * A nonce already recorded answers 'replayed' with that sale (orders.device_nonce is unique, so
 * two syncs at once record it once); a nonce already refused answers its conflict again. Then, in
 * one transaction: the drawer (this operator's, of the block's event, open, and open already at
 * the device's time of the sale, within BOX_OFFICE_CLOCK_SKEW_MS: 'drawer_not_open'; a device time
 * later than `now` is taken as `now`), the event's door at that time (assertDoorAllows: a door
 * may work the event, not closed yet, and open when the sale admits), PIX only online, the
 * event's rows locked in the order every sale locks them (orders/sale-state.ts loadSaleState, so
 * box-office devices and the online sale take turns on one CPF's meia), the block locked, the
 * decision, the payment (cash: the change, domain/box-office.ts changeCentavos; card machine: NSU
 * and brand), the block's counters (`used`, `half_sold`, under the database's checks), the codes
 * (each one of the block's, unused), the courtesies (orders/courtesy-quotas.ts takeCourtesyQuota),
 * the meias beyond the block's own counted in the sector's half_taken. A cash or card-machine sale
 * is confirmed in the same transaction (its tickets carry the block's codes the device already
 * showed) and, when `admit`, its tickets are admitted at the gate 'Bilheteria' in it too
 * (door/admit-at-gate.ts). A PIX sale stays pending until its payment is confirmed (the provider's
 * webhook, or the operator in the sandbox: confirm-box-office-pix.ts); with `admit` its tickets
 * are admitted in the transaction that confirms it (orders.admit_on_payment). Its BR Code is
 * asked of the provider after the commit.
 *
 * A DomainError in 'sync' mode is recorded as a conflict (box_office_conflicts: code, pt-BR
 * message and what the device sent, once per nonce, under the operator's own block and drawer
 * only: recordConflict) and answered 'conflict'; in 'online' mode it
 * is thrown. Money in centavos; `now` a UTC instant.
 */
export async function recordBoxOfficeSale(
  deps: ServiceDeps,
  operatorId: string,
  input: BoxOfficeSaleInput,
  mode: SaleMode,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<BoxOfficeSaleResult> {
  const earlier = await findRecorded(deps, operatorId, input.nonce);
  if (earlier) return earlier;
  const soldAt = new Date(Math.min(Date.parse(input.soldAt), now.getTime()));
  let written: { orderId: string; eventId: string; changeCentavos: number | null };
  try {
    written = await deps.db.transaction((tx) => writeSale(deps, tx, operatorId, input, mode, actor, soldAt, now));
  } catch (error) {
    if (isUniqueViolation(error, 'orders_device_nonce_unique')) return (await findRecorded(deps, operatorId, input.nonce))!;
    if (!(error instanceof DomainError) || mode === 'online') throw error;
    return recordConflict(deps, operatorId, input, error);
  }
  if (input.payment.method === 'pix') await requestPix(deps, written.orderId, now);
  return saleResult(deps, written.orderId, input.nonce, 'recorded', written.changeCentavos);
}

/**
 * Records, in order, the sales a device made while it could not reach the server (POST
 * /api/box-office/sync), each in its own transaction through recordBoxOfficeSale in 'sync' mode:
 * a replayed sale answers 'replayed', a refused one is a recorded conflict; one sale's refusal
 * never stops the others. Returns one result per sale, in order.
 */
export async function syncBoxOfficeSales(
  deps: ServiceDeps,
  operatorId: string,
  sales: BoxOfficeSaleInput[],
  actor: AuditActor,
  now: Date = new Date(),
): Promise<BoxOfficeSaleResult[]> {
  const results: BoxOfficeSaleResult[] = [];
  for (const sale of sales) results.push(await recordBoxOfficeSale(deps, operatorId, sale, 'sync', actor, now));
  return results;
}

/**
 * The sale or conflict already recorded under `nonce`, as answered then (outcome 'replayed' /
 * 'conflict'); null: none. A sale of another operator's drawer under that nonce is not shown: it
 * answers a conflict ('conflict'), recorded nowhere.
 */
async function findRecorded(deps: ServiceDeps, operatorId: string, nonce: string): Promise<BoxOfficeSaleResult | null> {
  const [order] = await queryRows<{ id: string; operator_id: string | null }>(
    deps.db,
    sql`
    SELECT o.id, d.operator_id FROM orders o LEFT JOIN cash_drawers d ON d.id = o.drawer_id WHERE o.device_nonce = ${nonce}`,
  );
  if (order && order.operator_id !== operatorId) return conflictResult(nonce, 'conflict', errorMessages.conflict);
  if (order) return saleResult(deps, order.id, nonce, 'replayed', null);
  const [conflict] = await queryRows<{ code: string; message: string }>(
    deps.db,
    sql`SELECT code, message FROM box_office_conflicts WHERE device_nonce = ${nonce}`,
  );
  if (conflict) return conflictResult(nonce, conflict.code, conflict.message);
  return null;
}

function conflictResult(nonce: string, code: string, message: string): BoxOfficeSaleResult {
  return {
    nonce,
    outcome: 'conflict',
    orderId: null,
    status: null,
    totalCentavos: 0,
    changeCentavos: null,
    tickets: [],
    pixCode: null,
    canConfirmPix: false,
    code,
    message,
  };
}

/**
 * Keeps a refused synced sale (once per nonce) and answers it as a conflict. It is filed only
 * under `operatorId`'s own block and drawer, of one event: a block or drawer of another operator
 * (or, for the drawer, of another event than the block's) is left out, and a sale naming neither
 * of the operator's own is answered as a conflict and recorded nowhere.
 */
async function recordConflict(
  deps: ServiceDeps,
  operatorId: string,
  input: BoxOfficeSaleInput,
  error: DomainError,
): Promise<BoxOfficeSaleResult> {
  const [block] = await queryRows<{ event_id: string }>(
    deps.db,
    sql`
    SELECT event_id FROM box_office_blocks WHERE id = ${input.blockId}::uuid AND operator_id = ${operatorId}`,
  );
  const [ownDrawer] = await queryRows<{ id: string; event_id: string }>(
    deps.db,
    sql`
    SELECT id, event_id FROM cash_drawers WHERE id = ${input.drawerId}::uuid AND operator_id = ${operatorId}`,
  );
  const eventId = block?.event_id ?? ownDrawer?.event_id;
  if (!eventId) return conflictResult(input.nonce, error.code, error.message);
  const drawer = ownDrawer?.event_id === eventId ? ownDrawer : undefined;
  // Holder CPFs stay as the device sent them: the back office reads the conflict to settle it.
  await deps.db.execute(sql`
    INSERT INTO box_office_conflicts (event_id, block_id, drawer_id, device_nonce, code, message, payload)
    VALUES (${eventId}::uuid, ${block ? input.blockId : null}::uuid, ${drawer?.id ?? null}::uuid, ${input.nonce}, ${error.code}, ${error.message}, ${JSON.stringify(input)}::jsonb)
    ON CONFLICT (device_nonce) DO NOTHING`);
  deps.log.warn(
    { nonce: input.nonce, code: error.code, blockId: input.blockId },
    'box-office sale refused at sync: recorded as a conflict',
  );
  return (await findRecorded(deps, operatorId, input.nonce)) ?? conflictResult(input.nonce, error.code, error.message);
}

/** The lines of a box-office sale as the sale reads them: full-price units, each meia with its holder, courtesies. */
function saleLines(sectorId: string, input: BoxOfficeSaleInput): OrderLine[] {
  return [
    { sectorId, quantity: input.full },
    ...input.meia.map((meia) => ({
      sectorId,
      quantity: 1,
      concession: meia.concession,
      holder: { name: meia.name, cpf: meia.cpf, birthDate: meia.birthDate ?? '', documentNumber: meia.documentNumber || null },
    })),
    { sectorId, quantity: input.courtesy, courtesy: true },
  ].filter((line) => line.quantity > 0);
}

async function writeSale(
  deps: ServiceDeps,
  tx: Tx,
  operatorId: string,
  input: BoxOfficeSaleInput,
  mode: SaleMode,
  actor: AuditActor,
  soldAt: Date,
  now: Date,
): Promise<{ orderId: string; eventId: string; changeCentavos: number | null }> {
  const found = await loadBlock(tx, input.blockId, operatorId);
  const drawer = await loadDrawer(tx, input.drawerId, operatorId);
  if (drawer.event_id !== found.event_id) throw new DomainError('drawer_not_found');
  if (drawer.closed_at) throw new DomainError('drawer_closed');
  assertSoldWhileOpen(soldAt, new Date(drawer.opened_at));
  if (input.payment.method === 'pix' && mode === 'sync') throw new DomainError('box_office_sale_offline_pix');
  const eventId = found.event_id;
  assertDoorAllows(await loadDoorEvent(tx, eventId, deps.doorOpensMinutesBefore), soldAt, input.admit);
  const { state, event } = await loadSaleState(tx, eventId, {
    lock: true,
    codes: [],
    cpfs: input.meia.map((h) => h.cpf),
    anyMeia: input.meia.length > 0,
  });
  const block = await loadBlock(tx, input.blockId, operatorId, true);
  state.blocksById = new Map([[block.id, toSaleBlock(block)]]);
  const request: OrderRequest = {
    lines: saleLines(block.ticket_type_id, input),
    buyerCpf: '',
    paymentMethod: 'pix',
    installments: 1,
    blockId: block.id,
    operatorId,
    userId: null,
  };
  const { decisions, rolls } = decideSale(state, [request], soldAt);
  const [decision] = decisions;
  if (!decision.accepted) throw decision.error;
  const { priced } = decision;
  const payment = input.payment;
  const change = payment.method === 'cash' ? changeCentavos(priced.totalCentavos, payment.cashTenderedCentavos) : null;
  await rollLots(tx, rolls);

  const meia = input.meia.length;
  const [taken] = await queryRows<{ used: number }>(
    tx,
    sql`
    UPDATE box_office_blocks SET used = used + ${priced.quantity}, half_sold = half_sold + ${meia}
    WHERE id = ${block.id}::uuid AND returned_at IS NULL AND used + ${priced.quantity} <= size RETURNING used`,
  );
  if (!taken) throw new DomainError('block_exhausted', { left: Number(block.size) - Number(block.used) });
  await countReserveUnits(tx, block.ticket_type_id, decision.blockMeiaTaken ?? 0);
  const codes = payment.method === 'pix' ? [] : await checkCodes(tx, block, input.codes, priced.quantity);
  if (input.courtesy > 0) await takeCourtesyQuota(tx, eventId, operatorId, input.courtesy);

  const buyerEmail = input.buyerEmail?.trim().toLowerCase() ?? '';
  const order: PlacedOrder = {
    id: randomUUID(),
    eventId,
    userId: null,
    status: 'pending',
    subtotalCentavos: priced.subtotalCentavos,
    discountCentavos: 0,
    feeCentavos: 0,
    absorbedFeeCentavos: 0,
    totalCentavos: priced.totalCentavos,
    couponId: null,
    paymentMethod: payment.method,
    channel: 'box_office',
    drawerId: drawer.id,
    deviceNonce: input.nonce,
    admitOnPayment: payment.method === 'pix' && input.admit,
    cardNsu: payment.method === 'card_machine' ? payment.cardNsu : null,
    cardBrand: payment.method === 'card_machine' ? payment.cardBrand : null,
    cashTenderedCentavos: payment.method === 'cash' ? payment.cashTenderedCentavos : null,
    installments: 1,
    buyerName: input.buyerName?.trim() || 'Bilheteria',
    buyerEmail,
    buyerPhone: '',
    // Anonymous at the window: each meia counts for its holder's CPF, nothing for a buyer's.
    buyerCpf: '',
    paymentProvider: payment.method === 'pix' ? deps.payments.name : 'box_office',
    issuedBy: input.courtesy > 0 ? operatorId : null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    adClickIds: [],
    paymentId: null,
    pixCode: null,
    paymentError: null,
    expiresAt: new Date(Math.max(soldAt.getTime(), now.getTime()) + deps.orderHoldMinutes * 60_000),
    completedAt: null,
    createdAt: soldAt,
    updatedAt: now,
    items: priced.items,
    event: { id: eventId, title: event!.title, date: event!.date, startTime: event!.start_time, location: event!.location },
  };
  await insertOrders(tx, [order]);
  await recordAudit(tx, actor, {
    action: 'box_office.sale',
    objectType: 'order',
    objectId: order.id,
    eventId,
    orderId: order.id,
    changes: {
      totalCentavos: priced.totalCentavos,
      paymentMethod: payment.method,
      ticketCount: priced.quantity,
      meiaCount: meia,
      courtesyCount: input.courtesy,
      ...(mode === 'sync' ? { soldOffline: true, soldAt: soldAt.toISOString() } : {}),
    },
  });

  if (payment.method !== 'pix') {
    const [confirmed] = await confirmOrders(deps, tx, [{ ref: { orderId: order.id, eventId }, now: soldAt }]);
    if (confirmed.outcome !== 'completed') throw new DomainError('internal', { outcome: confirmed.outcome });
    await giveBlockCodes(tx, order.id, priced.items, codes);
    if (input.admit) {
      await admitOrderInTx(tx, deps.doorOpensMinutesBefore, {
        orderId: order.id,
        eventId,
        validatorId: operatorId,
        deviceId: input.deviceId,
        nonce: input.nonce,
        at: soldAt,
        offline: now.getTime() - soldAt.getTime() > 60_000,
      });
    }
  }
  return { orderId: order.id, eventId, changeCentavos: change };
}

/**
 * How far a device's clock may run behind the server's (milliseconds): a sale dated up to this
 * long before its drawer was opened is taken as made while it was open.
 */
const BOX_OFFICE_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * A sale is made while its drawer is open: its device time `soldAt` (UTC, already no later than
 * now) is no earlier than the drawer's opening `openedAt` less BOX_OFFICE_CLOCK_SKEW_MS. Throws
 * DomainError('drawer_not_open', { soldAt, openedAt }) with a pt-BR message naming both times.
 */
function assertSoldWhileOpen(soldAt: Date, openedAt: Date): void {
  if (soldAt.getTime() >= openedAt.getTime() - BOX_OFFICE_CLOCK_SKEW_MS) return;
  throw new DomainError(
    'drawer_not_open',
    { soldAt: soldAt.toISOString(), openedAt: openedAt.toISOString() },
    `A hora desta venda no aparelho (${formatInstant(soldAt)}) é anterior à abertura do caixa (${formatInstant(openedAt)}): confira a data e a hora do aparelho.`,
  );
}

/**
 * A box-office sale is weighed against the event's door as the door itself would weigh it
 * (door/door-event.ts scanTurnAt at the device's time `soldAt`, UTC): the event must be one a door
 * may work (domain/door-window isDoorEventWorkable: a draft without tickets is nobody's door), no
 * sale is made after the door closed (the event is over), and a sale that admits its buyers
 * (`admits`) is made while the door is open; a sale without entry may be made ahead of the night
 * (an advance box office), from the drawer's opening on (assertSoldWhileOpen). A device clock
 * years off is refused by one of the two. Throws DomainError('event_not_found') for an unworkable
 * event; DomainError('box_office_door_closed', { soldAt, opensAt, closesAt }) with a pt-BR message
 * naming the door's time otherwise.
 */
function assertDoorAllows(door: DoorEventRow, soldAt: Date, admits: boolean): void {
  const turn = scanTurnAt(door, soldAt);
  if (turn.state === 'open' || (turn.state === 'too_early' && !admits)) {
    if (isDoorEventWorkable(door, door.window, soldAt)) return;
    throw new DomainError('event_not_found');
  }
  const details = {
    soldAt: soldAt.toISOString(),
    opensAt: turn.window.opensAt.toISOString(),
    closesAt: turn.window.closesAt.toISOString(),
  };
  const when = `A hora desta venda no aparelho (${formatInstant(soldAt)})`;
  throw new DomainError(
    'box_office_door_closed',
    details,
    turn.state === 'too_early'
      ? `${when} é anterior à abertura da portaria (${formatInstant(turn.window.opensAt)}): venda sem admitir a entrada, ou admita a partir da abertura.`
      : `${when} é posterior ao fim do evento (${formatInstant(turn.window.closesAt)}): a bilheteria não vende mais para ele. Confira a data e a hora do aparelho.`,
  );
}

/**
 * The codes a device gave the units of a cash or card-machine sale: one per unit, distinct, each
 * issued with this block and on no ticket yet. Throws DomainError('block_code_invalid').
 */
async function checkCodes(tx: Tx, block: BlockRow, codes: string[], units: number): Promise<string[]> {
  const issued = new Set(block.codes);
  if (codes.length !== units || new Set(codes).size !== units || codes.some((code) => !issued.has(code)))
    throw new DomainError('block_code_invalid');
  const [taken] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM tickets WHERE code = ANY(${sql.param(codes)}::text[])`,
  );
  if (Number(taken.n) > 0) throw new DomainError('block_code_invalid');
  return codes;
}

/**
 * The tickets just issued for an order carry the block codes the device gave its units (shown
 * offline already), in the order of the sale's units (`items` as decided: full, then each meia,
 * then courtesies). Within one item the units are alike, so its tickets take its codes in any order.
 */
async function giveBlockCodes(tx: Tx, orderId: string, items: PricedItem[], codes: string[]): Promise<void> {
  const issued = await queryRows<{ id: string; ticket_type_name: string; lot_id: string | null; holder_cpf: string | null }>(
    tx,
    sql`
    SELECT t.id, i.ticket_type_name, i.lot_id, i.holder_cpf FROM tickets t JOIN order_items i ON i.id = t.order_item_id
    WHERE t.order_id = ${orderId}::uuid ORDER BY t.id`,
  );
  const pairs: { id: string; code: string }[] = [];
  let next = 0;
  for (const item of items) {
    const mine = issued.filter(
      (t) => t.ticket_type_name === item.name && t.lot_id === item.lotId && t.holder_cpf === (item.holder?.cpf ?? null),
    );
    for (const ticket of mine) pairs.push({ id: ticket.id, code: codes[next++] });
  }
  if (pairs.length !== codes.length) throw new Error(`box-office sale ${orderId}: ${pairs.length} tickets for ${codes.length} codes`);
  const given = unnestRows(pairs, 'c', { id: ['uuid', (p) => p.id], code: ['text', (p) => p.code] });
  await tx.execute(sql`UPDATE tickets t SET code = c.code FROM ${given.from} WHERE t.id = c.id`);
}

/**
 * Asks the provider for the PIX of a pending box-office order (after the commit), through the
 * online sale's own request (payments/request-payment.ts requestPayment: idempotency key, id and BR Code
 * kept on the order, a refusal releasing the order as 'failed'). Throws DomainError('payment_failed')
 * when the provider refused.
 */
async function requestPix(deps: ServiceDeps, orderId: string, now: Date): Promise<void> {
  const [{ order, title }] = await deps.db
    .select({ order: orders, title: events.title })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.id, orderId));
  if (!(await requestPayment(deps, order, now, `Bilheteria: ${title}`))) throw new DomainError('payment_failed');
}

/**
 * Admits the tickets of a box-office order at the gate 'Bilheteria' in a transaction of its own
 * (door/admit-at-gate.ts admitOrderInTx, nonce `<sale nonce>:<n>` so a replay records each once),
 * at `at` (UTC): the operator's 'Admitir' after a PIX was confirmed without it.
 */
export async function admitTickets(
  deps: ServiceDeps,
  operatorId: string,
  sale: { orderId: string; eventId: string; deviceId: string | null; nonce: string; at: Date; offline: boolean },
): Promise<void> {
  try {
    await deps.db.transaction((tx) => admitOrderInTx(tx, deps.doorOpensMinutesBefore, { ...sale, validatorId: operatorId }));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** A recorded box-office sale as the device shows it: its state, total, change, PIX code and tickets (issue order). */
export async function saleResult(
  deps: ServiceDeps,
  orderId: string,
  nonce: string,
  outcome: 'recorded' | 'replayed',
  change: number | null,
): Promise<BoxOfficeSaleResult> {
  const [order] = await queryRows<{
    status: string;
    total_centavos: number;
    cash_tendered_centavos: number | null;
    pix_code: string | null;
    payment_method: string;
  }>(
    deps.db,
    sql`
    SELECT status, total_centavos, cash_tendered_centavos, pix_code, payment_method FROM orders WHERE id = ${orderId}::uuid`,
  );
  const tickets = await queryRows<{
    id: string;
    code: string;
    ticket_type_name: string;
    holder_name: string | null;
    concession: Concession | null;
    checked_in_at: Date | string | null;
  }>(
    deps.db,
    sql`
    SELECT id, code, ticket_type_name, holder_name, concession, checked_in_at FROM tickets WHERE order_id = ${orderId}::uuid ORDER BY order_item_id, code`,
  );
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
      sectorName: t.ticket_type_name,
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
