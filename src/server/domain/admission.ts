import { concessionDocumentCheck, type Concession } from '../../shared/concessions';
import { refusalMessage } from '../../shared/door-verdict';
import type { OfflineTicketStatus, RefusalReason } from '../../shared/schemas/tickets';

export { refusalMessage, type RefusalReason };

/** The only ticket status that admits. */
const ADMITTING_TICKET_STATUS = 'valid';
/** The only order status that admits (the order is paid); the door's counts read it too. */
export const PAID_ORDER_STATUS = 'completed';

export type AdmissionDecision =
  | { admitted: true }
  | { admitted: false; reason: RefusalReason; checkedInAt?: Date };

export interface AdmissionInput {
  /** The ticket the scanned code names, or null when no ticket carries that code. */
  ticket: null | {
    status: 'valid' | 'refunded' | 'cancelled';
    orderStatus: string;
    eventId: string;
    /** The accepted check-in, when there is one (UTC instant). */
    checkedInAt: Date | null;
  };
  /**
   * The scanned code is one a ticket carried before its holder transferred it (an accepted
   * transfer's `old_code`; the ticket now carries a new code). `ticket` is then null: what the old
   * code names is told to nobody, the new holder included.
   */
  isTransferredCode?: boolean;
  /** The event the door works (PRODUCT.md: no door admits every event). */
  doorEventId: string;
  /** The door's event was cancelled by its organizer. */
  isEventCancelled: boolean;
  /** Where the scan falls in the door's window (doorWindowState). */
  window: 'open' | 'too_early' | 'event_over';
  /**
   * For a door whose event rotates its QR codes: whether the code read carried a fresh TOTP
   * (shared/rotating-qr.ts rotatingQrFreshness). Absent: the event does not rotate.
   */
  qr?: 'fresh' | 'expired';
}

/**
 * Decides whether a scanned ticket gets in (PRODUCT.md 'Tickets and the door'). Checks, in
 * order: no ticket -> 'transferred' when the code is one a ticket carried before it was
 * transferred (PRODUCT.md: the old code is refused everywhere), else 'unknown_code'; a ticket of another event than the door's -> 'other_event';
 * the door's event cancelled -> 'cancelled'; a rotating QR without a fresh TOTP -> 'qr_expired'; before the door opens -> 'too_early'; after the event
 * ends -> 'event_over'; ticket cancelled (its event was) -> 'cancelled'; ticket or order refunded
 * -> 'refunded'; order cancelled -> 'cancelled'; order not paid -> 'not_paid'; already checked in
 * -> 'already_used' with the time of that entry. A refusal is a normal answer, never thrown.
 *
 * The caller makes the entry atomic: services/door/admit-scans.ts reads the ticket with its row
 * locked, asks this (through decideScan) and writes the entry in the same transaction.
 */
export function decideAdmission(input: AdmissionInput): AdmissionDecision {
  const { ticket } = input;
  if (!ticket) return { admitted: false, reason: input.isTransferredCode ? 'transferred' : 'unknown_code' };
  if (ticket.eventId !== input.doorEventId) return { admitted: false, reason: 'other_event' };
  if (input.isEventCancelled) return { admitted: false, reason: 'cancelled' };
  // A screenshot or an old code of a rotating QR says nothing of who holds the ticket now.
  if (input.qr === 'expired') return { admitted: false, reason: 'qr_expired' };
  if (input.window !== 'open') return { admitted: false, reason: input.window };
  // A ticket's own status first: a cancelled event's tickets are 'cancelled' in a refunded order.
  if (ticket.status === 'cancelled') return { admitted: false, reason: 'cancelled' };
  if (ticket.status === 'refunded' || ticket.orderStatus === 'refunded') {
    return { admitted: false, reason: 'refunded' };
  }
  if (ticket.orderStatus === 'cancelled') return { admitted: false, reason: 'cancelled' };
  if (ticket.status !== ADMITTING_TICKET_STATUS || ticket.orderStatus !== PAID_ORDER_STATUS) {
    return { admitted: false, reason: 'not_paid' };
  }
  if (ticket.checkedInAt) {
    return { admitted: false, reason: 'already_used', checkedInAt: ticket.checkedInAt };
  }
  return { admitted: true };
}

/**
 * The admission question for a ticket as read at the door of `doorEventId` (null: no ticket),
 * with `window` where the moment falls in that door's window. The scan (services/door/admit-scans
 * through decideScan) and the look-up (services/door/search-door-tickets through decideAdmission)
 * both ask it this way, so the look-up shows the verdict a scan would give at that moment: a
 * ticket of the door's event carries the door's event, so its cancellation is the door's.
 * `isTransferredCode`: no ticket carries the code, but one carried it before a transfer.
 * The device's offline decision (web/features/door/lib/offline-decision.ts decideOffline) is the
 * other place this rule is written, over the list services/door/get-offline-data.ts gives it.
 */
export function admissionAtDoor(
  ticket: (NonNullable<AdmissionInput['ticket']> & { isEventCancelled: boolean }) | null,
  doorEventId: string,
  window: AdmissionInput['window'],
  isTransferredCode = false,
  qr?: AdmissionInput['qr'],
): AdmissionInput {
  return { ticket, isTransferredCode: !ticket && isTransferredCode, doorEventId, isEventCancelled: ticket?.eventId === doorEventId && ticket.isEventCancelled, window, qr };
}

/**
 * How far after the sync arrived an offline scan may be dated: a phone's clock that runs a little
 * ahead of the server's is normal (no network time while offline); a scan dated later than this
 * after the server received it cannot have happened yet, so its time is not believed.
 */
export const OFFLINE_CLOCK_SKEW_MS = 2 * 60_000;

/** A door device's own decision on a scan it made without network (synced later). */
export interface DeviceDecision {
  accepted: boolean;
  /** Why the device refused (its own reading of the ticket); absent when it admitted. */
  reason?: RefusalReason;
  /** When the device says it decided (UTC instant, read on the device's clock). */
  scannedAt: Date;
  /** When the server received the sync carrying it (UTC instant, the server's clock). */
  syncedAt: Date;
}

/** What the server records of a scan: admitted, or refused with a reason; `conflict` flags an offline admission the server would have refused. */
export type ScanDecision = { admitted: true } | { admitted: false; reason: RefusalReason; checkedInAt?: Date; conflict: boolean };

/**
 * Decides a scan as the server records it, online or synced from an offline device (PRODUCT.md
 * 'Tickets and the door': 'accept and flag', as pretixSCAN does). Online (`device` absent): the
 * rule of decideAdmission, `window` read at the server's clock. Offline, `window` is where the
 * device's `scannedAt` falls in the door's window (the same doorWindowState the online scan uses),
 * and a refusal is recorded with the device's reason (unknown_code when it gave none), never
 * turned into an entry. An offline admission becomes the ticket's entry only when decideAdmission
 * admits at that time and `scannedAt` is not later than `syncedAt` + OFFLINE_CLOCK_SKEW_MS;
 * otherwise it is recorded as a flagged conflict (the person did get in) that burns nothing:
 * 'offline_out_of_window' for a time outside the window or after the sync, 'offline_conflict'
 * for a ticket already in, else decideAdmission's reason. A device's clock is not trusted to open
 * the door: a scan dated 2001 or 2099, or for an event weeks away or long over, admits nobody.
 * The one place this is decided; services/door/admit-scans.ts records what it says.
 */
export function decideScan(input: AdmissionInput & { device?: DeviceDecision }): ScanDecision {
  const { device } = input;
  if (device && !device.accepted) return { admitted: false, reason: device.reason ?? 'unknown_code', conflict: false };
  const decision = decideAdmission(input);
  if (!device) return decision.admitted ? decision : { ...decision, conflict: false };
  if (decision.admitted) {
    const isDatedAfterSync = device.scannedAt.getTime() > device.syncedAt.getTime() + OFFLINE_CLOCK_SKEW_MS;
    return isDatedAfterSync ? { admitted: false, reason: 'offline_out_of_window', conflict: true } : decision;
  }
  const reason =
    decision.reason === 'already_used' ? 'offline_conflict' : decision.reason === 'too_early' || decision.reason === 'event_over' ? 'offline_out_of_window' : decision.reason;
  return { admitted: false, reason, checkedInAt: decision.checkedInAt, conflict: true };
}

/**
 * How a door device lists a ticket to decide offline: what decideAdmission says of it at its own
 * event's open door ('valid' admits; 'used', 'refunded', 'cancelled', 'not_paid' refuse).
 */
export function offlineTicketStatus(ticket: NonNullable<AdmissionInput['ticket']>): OfflineTicketStatus {
  const decision = decideAdmission({ ticket, doorEventId: ticket.eventId, isEventCancelled: false, window: 'open' });
  if (decision.admitted) return 'valid';
  switch (decision.reason) {
    case 'already_used':
      return 'used';
    case 'refunded':
    case 'not_paid':
      return decision.reason;
    default:
      return 'cancelled';
  }
}

/**
 * What the door must see before letting the holder of a half-price ticket in, by its category
 * (shared/concessions concessionDocumentCheck: 'Conferir carteira de estudante (CIE)'); null for a
 * full-price ticket. Lei 12.933/2013 asks the meia-entrada holder to show proof at the entrance.
 */
export function documentCheckOf(concession: Concession | null): string | null {
  return concession ? concessionDocumentCheck[concession] : null;
}
