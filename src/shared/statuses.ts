// The closed lists the database stores as PostgreSQL enums, declared once: the drizzle pgEnums
// (src/server/db/schema), the zod schemas and the TypeScript types all read these. The order of
// each list is the order of the enum's values in the migrations: append, never reorder.

/** An order's life (docs/rules/sale.md 'Order status'): held while 'pending', 'completed' once paid. */
export const orderStatuses = ['pending', 'completed', 'expired', 'failed', 'refunded', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** A ticket's own state; a check-in does not change it (check_ins records the entry). */
export const ticketStatuses = ['valid', 'refunded', 'cancelled'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** A refund request's state, in the order the back office filters them (docs/rules/refunds.md 'Refund status'). */
export const refundStatuses = ['pending', 'approved', 'rejected', 'processed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * Who started a refund: the buyer ('request', decided by the organizer, or 'withdrawal', the
 * 7-day withdrawal refunded at once), an event's cancellation, a payment that came after its
 * order's hold ended with the units gone ('late_payment'), or a payment of an order that is not
 * the one the order made, a second charge ('duplicate_payment').
 */
export const refundOrigins = ['request', 'event_cancelled', 'late_payment', 'duplicate_payment', 'withdrawal'] as const;
export type RefundOrigin = (typeof refundOrigins)[number];

/** Refunds that undo a sale (its tickets stop admitting): the reports count these as refunds. */
export const saleRefundOrigins = ['request', 'withdrawal', 'event_cancelled'] as const satisfies readonly RefundOrigin[];

/** Refunds the buyer started, with a reason they typed (personal data). */
export const buyerRefundOrigins = ['request', 'withdrawal'] as const satisfies readonly RefundOrigin[];

/**
 * How an order is paid: online by PIX or card; at the box office also in cash ('cash') or on the
 * organizer's card machine ('card_machine', its NSU and brand recorded on the order).
 */
export const paymentMethods = ['pix', 'card', 'cash', 'card_machine'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** The methods a buyer pays with on the site or app (a payment provider's PIX or card). */
export const onlinePaymentMethods = ['pix', 'card'] as const satisfies readonly PaymentMethod[];
export type OnlinePaymentMethod = (typeof onlinePaymentMethods)[number];

/** The pt-BR name of each payment method. */
export const paymentMethodLabel: Readonly<Record<PaymentMethod, string>> = {
  pix: 'PIX',
  card: 'Cartão',
  cash: 'Dinheiro',
  card_machine: 'Maquininha',
};

/** A coupon's discount: a percentage of the subtotal or a fixed amount in centavos. */
export const discountTypes = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof discountTypes)[number];

/**
 * A user may hold several roles (docs/rules/access.md 'Roles'); 'admin', 'validator', 'box_office' (sells at the
 * door, 'Bilheteria') and 'promoter' (owns guest lists, 'Promoter') are the staff roles.
 */
export const roles = ['user', 'admin', 'validator', 'box_office', 'promoter'] as const;
export type Role = (typeof roles)[number];

/**
 * Where an order was made (docs/rules/sale.md 'One rulebook for every channel'): on the site or app ('online'), at
 * the door's box office ('box_office', 'Bilheteria'), or for a name on a guest list admitted at the
 * door ('guest_list', 'Lista'). The borderô breaks sales down by it.
 */
export const orderChannels = ['online', 'box_office', 'guest_list'] as const;
export type OrderChannel = (typeof orderChannels)[number];

/** A scan's direction at the door: an entry, or an exit where the event allows re-entry. */
export const scanDirections = ['in', 'out'] as const;
export type ScanDirection = (typeof scanDirections)[number];
