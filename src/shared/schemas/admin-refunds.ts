import { z } from 'zod';
import '../zod-locale';
import { text } from './fields';
import { paymentMethods, refundOrigins, refundStatuses, type RefundOrigin } from '../statuses';

/** Refunds listed per page on /admin/refunds. */
export const ADMIN_REFUNDS_PAGE_SIZE = 50;

/** Query of GET /api/admin/refunds: an optional status filter (absent = all) and a 1-based page. */
export const listAdminRefundsQuerySchema = z.object({
  status: z.enum(refundStatuses, 'Filtro de status inválido').optional(),
  page: z.coerce.number('Página inválida').int('Página inválida').min(1, 'Página inválida').max(100_000, 'Página inválida').default(1),
});
export type ListAdminRefundsQuery = z.infer<typeof listAdminRefundsQuerySchema>;

/** Most characters of the admin's notes on a decision. */
export const ADMIN_NOTES_MAX = 1000;

/**
 * Body of POST /api/admin/refunds/{id}/approve and /reject: the admin's optional notes, shown to
 * the buyer. Blank notes are stored as none.
 */
export const decideRefundSchema = z.object({
  adminNotes: text('Observações inválidas')
    .trim()
    .max(ADMIN_NOTES_MAX, `As observações devem ter no máximo ${ADMIN_NOTES_MAX} caracteres`)
    .nullish()
    .transform((notes) => notes || null),
});
export type DecideRefundInput = z.input<typeof decideRefundSchema>;

/** The pt-BR label of who started a refund, shown with it on /admin/refunds. */
export const refundOriginLabel: Readonly<Record<RefundOrigin, string>> = {
  request: 'Solicitado pelo comprador',
  event_cancelled: 'Evento cancelado',
  late_payment: 'Pagamento após o prazo',
  duplicate_payment: 'Pagamento em duplicidade',
  withdrawal: 'Desistência em até 7 dias',
};

/** The pt-BR words for the reasons Stripe gives for a failed refund (`failure_reason`); others are shown as sent. */
export const refundFailureReasonLabel: Readonly<Record<string, string>> = {
  lost_or_stolen_card: 'cartão perdido ou roubado',
  expired_or_canceled_card: 'cartão vencido ou cancelado',
  charge_for_pending_refund_disputed: 'pagamento em contestação',
  insufficient_funds: 'saldo insuficiente na conta de pagamentos',
  declined: 'recusado pelo banco',
  merchant_request: 'cancelado a pedido da loja',
  unknown: 'motivo não informado',
};

/** One refund request as the back office sees it. Amount in centavos; instants UTC ISO 8601. */
export const adminRefundSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(refundStatuses),
  /**
   * Who started it: the buyer, an event's cancellation, or the system, approved at once, for a
   * payment that came after its order's hold with the units gone ('late_payment') or a second
   * payment of an order ('duplicate_payment').
   */
  origin: z.enum(refundOrigins),
  amountCentavos: z.number(),
  reason: z.string(),
  requestedAt: z.string(),
  /** When an admin approved or rejected it; null while pending. */
  processedAt: z.string().nullable(),
  /** Who decided; null while pending (or when that account was deleted). */
  processedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  adminNotes: z.string().nullable(),
  /** The payment provider's refund id once the money went back ('processed'). */
  providerRefundId: z.string().nullable(),
  /**
   * While an approved refund's last attempt at paying it back failed at the provider and the
   * next is scheduled: when it failed, the provider's reason (refundFailureReasonLabel) and how
   * many attempts failed so far; null otherwise.
   */
  paymentFailure: z.object({ failedAt: z.string(), reason: z.string().nullable(), failedAttempts: z.number() }).nullable(),
  event: z.object({ id: z.string(), title: z.string(), date: z.string(), startTime: z.string() }),
  /** The buyer's account name and e-mail, or the buyer data of the order when the account is gone. */
  buyer: z.object({ name: z.string(), email: z.string() }),
  paymentMethod: z.enum(paymentMethods),
  /** Tickets the order issued. */
  ticketCount: z.number(),
  /** True when a ticket of the order already got in at the door: the refund cannot be approved. */
  hasCheckedInTicket: z.boolean(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** Answer of GET /api/admin/refunds: one page, newest request first, and the count per status. */
export const adminRefundListSchema = z.object({
  refunds: z.array(adminRefundSchema),
  page: z.number(),
  pageSize: z.number(),
  /** Refunds matching the filter, over all pages. */
  total: z.number(),
  counts: z.record(z.enum([...refundStatuses, 'all']), z.number()),
});
export type AdminRefundList = z.infer<typeof adminRefundListSchema>;
