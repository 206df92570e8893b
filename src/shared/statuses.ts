// The closed lists the database stores as PostgreSQL enums, declared once: the drizzle pgEnums
// (src/server/db/schema), the zod schemas and the TypeScript types all read these. The order of
// each list is the order of the enum's values in the migrations: append, never reorder.

/** An order's life (SPEC.md section 4): held while 'pending', 'completed' once paid. */
export const orderStatuses = ['pending', 'completed', 'expired', 'failed', 'refunded', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** A ticket's own state; a check-in does not change it (check_ins records the entry). */
export const ticketStatuses = ['valid', 'refunded', 'cancelled'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** A refund request's state, in the order the back office filters them (SPEC.md section 4). */
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

export const paymentMethods = ['pix', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** A coupon's discount: a percentage of the subtotal or a fixed amount in centavos. */
export const discountTypes = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof discountTypes)[number];

/** A user may hold several roles (PRODUCT.md); 'admin' and 'validator' are the staff roles. */
export const roles = ['user', 'admin', 'validator'] as const;
export type Role = (typeof roles)[number];
