import { z } from 'zod';
import '../zod-locale';

export type TicketDisplayStatus = 'valid' | 'used' | 'expired' | 'pending' | 'refunded' | 'cancelled';

export interface TicketView {
  /** Ticket id, or for an unpaid order `<orderItemId>:<n>` (no ticket exists yet). */
  id: string;
  ticketTypeName: string;
  /** The QR payload; only present while the ticket can admit (status 'valid'). */
  code: string | null;
  displayStatus: TicketDisplayStatus;
  /** UTC instant of the accepted check-in. */
  checkedInAt: string | null;
}

/** GET /api/tickets: the signed-in user's tickets grouped by order, newest order first. */
export interface MyOrderTickets {
  orderId: string;
  status: string;
  createdAt: string;
  totalCentavos: number;
  event: {
    id: string;
    title: string;
    date: string;
    startTime: string;
    endTime: string | null;
    location: string;
    imageUrl: string | null;
  };
  tickets: TicketView[];
}

/** Body of POST /api/check-ins. */
export const checkInSchema = z.object({
  code: z.string().trim().min(1, 'Digite ou escaneie um código QR').max(200),
  eventId: z.uuid().optional().nullable(),
});
export type CheckInInput = z.infer<typeof checkInSchema>;

export type RefusalReason = 'unknown_code' | 'already_used' | 'not_paid' | 'refunded' | 'cancelled' | 'other_event';

export type CheckInResult =
  | { accepted: true; eventTitle: string; ticketTypeName: string; checkedInAt: string }
  | {
      accepted: false;
      reason: RefusalReason;
      message: string;
      eventTitle: string | null;
      ticketTypeName: string | null;
      /** For 'already_used': when the first entry happened (UTC ISO). */
      checkedInAt: string | null;
    };
