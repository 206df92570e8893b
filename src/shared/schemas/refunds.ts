import { z } from 'zod';
import '../zod-locale';
import { text } from './fields';
import { refundStatuses, type RefundStatus } from '../statuses';

export type { RefundStatus };

/** Body of POST /api/refunds (docs/rules/refunds.md 'Refund requests'). The amount is never sent. */
export const requestRefundSchema = z.object({
  orderId: z.uuid('Selecione um ingresso'),
  /** The tickets to refund (docs/rules/refunds.md 'Refund requests': single unused tickets); absent = every refundable ticket of the order. */
  ticketIds: z.array(z.uuid('Selecione um ingresso')).min(1, 'Selecione pelo menos um ingresso').max(40).optional(),
  reason: text('Informe o motivo do reembolso')
    .trim()
    .min(1, 'Informe o motivo do reembolso')
    .max(1000, 'O motivo deve ter no máximo 1000 caracteres'),
});
export type RequestRefundInput = z.infer<typeof requestRefundSchema>;

/** Body of POST /api/refunds/withdraw: 'Cancelar compra' within the withdrawal window, refunded at once. */
export const withdrawPurchaseSchema = z.object({
  orderId: requestRefundSchema.shape.orderId,
  ticketIds: requestRefundSchema.shape.ticketIds,
  /** Optional: a withdrawal needs no reason. */
  reason: text()
    .trim()
    .max(1000, 'O motivo deve ter no máximo 1000 caracteres')
    .optional()
    .transform((reason) => reason || undefined),
});
export type WithdrawPurchaseInput = z.infer<typeof withdrawPurchaseSchema>;

/** The pt-BR label of each refund status (docs/rules/refunds.md 'Refund status'). */
export const refundStatusLabel: Readonly<Record<RefundStatus, string>> = {
  pending: 'Pendente',
  approved: 'Aprovado',
  rejected: 'Rejeitado',
  processed: 'Processado',
};

/** Why an order cannot be refunded now (see src/server/domain/refunds.ts). */
export const refundIneligibilities = [
  'already_requested',
  'not_paid',
  'refunded',
  'cancelled',
  'nothing_to_refund',
  'checked_in',
  'event_past',
  'transferred',
] as const;
export type RefundIneligibility = (typeof refundIneligibilities)[number];

/** The pt-BR text shown on an order that cannot be picked on /refund-request. */
export const refundIneligibilityLabel: Readonly<Record<RefundIneligibility, string>> = {
  already_requested: 'Já solicitado',
  not_paid: 'Pagamento não confirmado',
  refunded: 'Pedido reembolsado',
  cancelled: 'Pedido cancelado',
  nothing_to_refund: 'Pedido sem valor a reembolsar',
  checked_in: 'Ingresso já utilizado',
  event_past: 'Evento já realizado',
  transferred: 'Ingresso transferido',
};

/** One ticket of an order on /refund-request. */
export const refundableTicketSchema = z.object({
  id: z.string(),
  sectorName: z.string(),
  /** Who uses the ticket, so the buyer can tell which ticket goes: the holder named for it, or the buyer where none was (as the door names it). */
  holderName: z.string(),
  /** What refunding this ticket pays back: its price after its share of the order's discount, and its service fee when that goes back, in centavos. */
  amountCentavos: z.number(),
  /** The service fee this ticket was charged that a refund now keeps (past the 7-day withdrawal, by the organizer's policy), in centavos; 0 when it goes back. */
  keptFeeCentavos: z.number(),
  eligible: z.boolean(),
  /** Null when eligible. */
  reason: z.enum(refundIneligibilities).nullable(),
});
export type RefundableTicket = z.infer<typeof refundableTicketSchema>;

/** One of the user's orders as /refund-request lists it: GET /api/refunds/eligible. */
export const refundableOrderSchema = z.object({
  orderId: z.string(),
  /** UTC instant (ISO 8601) the order was placed. */
  createdAt: z.string(),
  /** What a refund would pay back: the order's total actually paid, in centavos. */
  amountCentavos: z.number(),
  /** The service fee of the refundable tickets that a refund now keeps, in centavos (RefundableTicket.keptFeeCentavos). */
  keptFeeCentavos: z.number(),
  /** Until when (UTC ISO 8601) 'Cancelar compra' refunds at once (domain/refunds withdrawalDeadline); null when closed. */
  withdrawalDeadline: z.string().nullable(),
  event: z.object({ id: z.string(), title: z.string(), date: z.string(), startTime: z.string(), location: z.string() }),
  /** Ticket type x quantity bought in this order. */
  items: z.array(z.object({ sectorName: z.string(), quantity: z.number() })),
  /** Each ticket of the order, refundable on its own or not (with why). */
  tickets: z.array(refundableTicketSchema),
  /** True when at least one ticket can be refunded. */
  eligible: z.boolean(),
  /** Null when eligible. */
  reason: z.enum(refundIneligibilities).nullable(),
});
export type RefundableOrder = z.infer<typeof refundableOrderSchema>;

/** One of the user's own refund requests: GET /api/refunds/mine (newest first). */
export const myRefundSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  eventTitle: z.string(),
  amountCentavos: z.number(),
  /** How many tickets the refund covers. */
  ticketCount: z.number(),
  reason: z.string(),
  status: z.enum(refundStatuses),
  /** UTC instants (ISO 8601). */
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
  adminNotes: z.string().nullable(),
});
export type MyRefund = z.infer<typeof myRefundSchema>;

/** Answer of GET /api/refunds/eligible. */
export const refundableOrdersSchema = z.object({ orders: z.array(refundableOrderSchema) });
export type RefundableOrders = z.infer<typeof refundableOrdersSchema>;

/** Answer of GET /api/refunds/mine. */
export const myRefundsSchema = z.object({ refunds: z.array(myRefundSchema) });
export type MyRefunds = z.infer<typeof myRefundsSchema>;
