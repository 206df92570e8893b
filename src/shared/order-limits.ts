// Limits of one order, read by the order schema (src/shared/schemas/orders.ts) and by the event
// page's picker. Apart from the schema so the event page does not load zod's order rules (the
// checkout, with its buyer and card checks, loads only when the buyer opens it).

/**
 * Most units of one ticket type in one order, and most names given with them. The picker on the
 * event page offers up to this many; the server refuses more.
 */
export const MAX_TICKETS_PER_TYPE = 20;
