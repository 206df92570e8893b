import { z } from 'zod';

/**
 * GET /api/admin/events/:id/cancel-preview: what 'Cancelar evento' would do now, shown before the
 * organizer confirms (docs/rules/refunds.md 'Cancelling an event'). Money in centavos.
 */
export const eventCancellationPreviewSchema = z.object({
  /** Paid orders that get their refund. */
  refundedOrders: z.number(),
  /** What those refunds pay back, service fees included. */
  refundCentavos: z.number(),
  /** Tickets that stop being valid (the door refuses them). */
  voidedTickets: z.number(),
  /** Orders waiting for payment, released. */
  releasedOrders: z.number(),
});
export type EventCancellationPreview = z.infer<typeof eventCancellationPreviewSchema>;
