import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { BoxOfficeSaleResult } from '../../../shared/schemas/box-office';
import { queryRows } from '../../db/client';
import { confirmPayment } from '../payments/confirm-payment';
import type { ServiceDeps } from '../deps';
import { admitTickets, saleResult } from './record-box-office-sale';

/**
 * 'Pagamento recebido': the operator confirms a box-office PIX by hand, only with the sandbox
 * provider (with Stripe the provider's webhook confirms it, as an online PIX). The order must be
 * a pending box-office PIX sale of this operator's drawer; it is confirmed through the one
 * confirmation path (services/payments/confirm-payment.ts confirmPayment), which issues its
 * tickets; with `admit` they are admitted at once at the gate 'Bilheteria'. A sale confirmed
 * before answers as it stands. `now` is a UTC instant. Throws DomainError: order_not_found;
 * box_office_pix_not_sandbox.
 */
export async function confirmBoxOfficePix(
  deps: ServiceDeps,
  operatorId: string,
  orderId: string,
  admit: boolean,
  now: Date = new Date(),
): Promise<BoxOfficeSaleResult> {
  const [order] = await queryRows<{
    id: string;
    event_id: string;
    device_nonce: string;
    payment_method: string;
    status: string;
    device_id: string | null;
  }>(
    deps.db,
    sql`
    SELECT o.id, o.event_id, o.device_nonce, o.payment_method, o.status, d.device_id FROM orders o JOIN cash_drawers d ON d.id = o.drawer_id
    WHERE o.id = ${orderId}::uuid AND o.channel = 'box_office' AND d.operator_id = ${operatorId}`,
  );
  if (!order || order.payment_method !== 'pix') throw new DomainError('order_not_found');
  if (!deps.payments.isSandbox) throw new DomainError('box_office_pix_not_sandbox');
  if (order.status === 'pending') await confirmPayment(deps, { orderId, eventId: order.event_id }, now);
  if (admit)
    await admitTickets(deps, operatorId, {
      orderId,
      eventId: order.event_id,
      deviceId: order.device_id,
      nonce: order.device_nonce,
      at: now,
      offline: false,
    });
  return saleResult(deps, orderId, order.device_nonce, 'replayed', null);
}

/** A box-office sale of this operator as it stands now (the screen polls a PIX waiting for the provider). */
export async function getBoxOfficeSale(deps: ServiceDeps, operatorId: string, orderId: string): Promise<BoxOfficeSaleResult> {
  const [order] = await queryRows<{ device_nonce: string }>(
    deps.db,
    sql`
    SELECT o.device_nonce FROM orders o JOIN cash_drawers d ON d.id = o.drawer_id
    WHERE o.id = ${orderId}::uuid AND o.channel = 'box_office' AND d.operator_id = ${operatorId}`,
  );
  if (!order) throw new DomainError('order_not_found');
  return saleResult(deps, orderId, order.device_nonce, 'replayed', null);
}
