import { concessionDocumentCheck, type Concession } from '../../shared/concessions';
import {
  type AcceptedScan,
  type AdmissionDecision,
  type AdmissionInput,
  decideAdmission,
  hashTicketCode,
  offlineTicketStatus,
  turnsIn,
} from '../../shared/admission';
import { refusalMessage } from '../../shared/door-verdict';
import type { OfflineTicket, RefusalReason } from '../../shared/schemas/tickets';

// The door's rule itself is shared/admission.ts, the one the door device decides with offline;
// this module adds what only the server decides: the sync of offline scans and the offline list.
export {
  type AcceptedScan,
  type AdmissionDecision,
  type AdmissionInput,
  decideAdmission,
  offlineTicketStatus,
  PAID_ORDER_STATUS,
  type SessionTurns,
  turnsIn,
} from '../../shared/admission';
export { refusalMessage, type RefusalReason };

/**
 * The admission question for a ticket as read at the door of `doorEventId` (null: no ticket),
 * with `window` where the moment falls in that door's window. The scan (services/door/admit-scans
 * through decideScan) and the look-up (services/door/search-door-tickets through decideAdmission)
 * both ask it this way, so the look-up shows the verdict a scan would give at that moment: a
 * ticket of the door's event carries the door's event, so its cancellation is the door's.
 * `isTransferredCode`: no ticket carries the code, but one carried it before a transfer.
 * The device asks the same rule (shared/admission.ts decideAdmission) over the list
 * offlineTicketOf writes: web/features/door/lib/offline-decision.ts decideOffline.
 */
export function admissionAtDoor(
  ticket: (NonNullable<AdmissionInput['ticket']> & { isEventCancelled: boolean }) | null,
  doorEventId: string,
  window: AdmissionInput['window'],
  isTransferredCode = false,
  qr?: AdmissionInput['qr'],
  turn: Pick<AdmissionInput, 'sessionId' | 'direction' | 'exitScans'> = {},
): AdmissionInput {
  return {
    ticket,
    isTransferredCode: !ticket && isTransferredCode,
    doorEventId,
    isEventCancelled: ticket?.eventId === doorEventId && ticket.isEventCancelled,
    window,
    qr,
    ...turn,
  };
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
export type ScanDecision =
  Extract<AdmissionDecision, { admitted: true }> | (Extract<AdmissionDecision, { admitted: false }> & { conflict: boolean });

/**
 * Decides a scan as the server records it, online or synced from an offline device (
 * docs/rules/door.md 'The offline door': 'accept and flag', as pretixSCAN does). Online (`device` absent): the
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
    decision.reason === 'already_used' || decision.reason === 'already_inside'
      ? 'offline_conflict'
      : decision.reason === 'too_early' || decision.reason === 'event_over'
        ? 'offline_out_of_window'
        : decision.reason;
  return { admitted: false, reason, checkedInAt: decision.checkedInAt, conflict: true };
}

/**
 * What the door must see before letting the holder of a half-price ticket in, by its category
 * (shared/concessions concessionDocumentCheck: 'Conferir carteira de estudante (CIE)'); null for a
 * full-price ticket. Lei 12.933/2013 asks the meia-entrada holder to show proof at the entrance.
 */
export function documentCheckOf(concession: Concession | null): string | null {
  return concession ? concessionDocumentCheck[concession] : null;
}

/** A ticket as the server reads it to put it on the door's offline list (offlineTicketOf). */
export interface ListedTicketSource extends NonNullable<AdmissionInput['ticket']> {
  code: string;
  /** The name the door shows: the holder named for it, else the buyer. */
  holderName: string;
  sectorName: string;
  concession: Concession | null;
  /** On an event with sessions: the sessions its sector is valid for (empty: every session). */
  sessionIds: string[];
  /** Its accepted entries and exits (check_ins), every session. */
  scans: AcceptedScan[];
  /** Its rotating QR's secret (domain/rotation-secret.ts), when the event rotates its QR codes. */
  rotationSecret?: string;
}

/**
 * A ticket as the door's offline list carries it (services/door/get-offline-data.ts), for the
 * device to decide with the same rule (web/features/door/lib/offline-decision.ts decideOffline,
 * shared/admission.ts decideAdmission): named by the hash of its code (hashTicketCode, the code
 * never leaves the server), its holder, type and the meia-entrada document to ask for
 * (documentCheckOf), its status as the door would read it (offlineTicketStatus; every ticket of a
 * cancelled event is 'cancelled') and its first entry (UTC ISO). On an event with sessions
 * (`door.sessionIds`, in order), the sessions its sector covers; with sessions or exit scans its
 * accepted entries and exits per session (turnsIn; sessions without any are left out), and its
 * status is not 'used' by an entry: the turns tell.
 */
export function offlineTicketOf(
  ticket: ListedTicketSource,
  door: { isCancelled: boolean; sessionIds: string[]; exitScans: boolean },
): OfflineTicket {
  const hasSessions = door.sessionIds.length > 0;
  const byTurns = hasSessions || door.exitScans;
  const sessionKeys: (string | null)[] = hasSessions ? door.sessionIds : [null];
  return {
    hash: hashTicketCode(ticket.code),
    holderName: ticket.holderName,
    sectorName: ticket.sectorName,
    documentCheck: documentCheckOf(ticket.concession),
    status: door.isCancelled ? 'cancelled' : offlineTicketStatus(ticket, byTurns),
    checkedInAt: ticket.checkedInAt ? ticket.checkedInAt.toISOString() : null,
    ...(ticket.rotationSecret ? { rotationSecret: ticket.rotationSecret } : {}),
    ...(hasSessions ? { sessionIds: ticket.sessionIds } : {}),
    ...(byTurns
      ? {
          turns: sessionKeys.flatMap((sessionId) => {
            const turns = turnsIn(ticket.scans, sessionId);
            if (turns.entries === 0) return [];
            return [
              {
                sessionId,
                entries: turns.entries,
                exits: turns.exits,
                firstEntryAt: turns.firstEntryAt?.toISOString() ?? null,
                lastEntryAt: turns.lastEntryAt?.toISOString() ?? null,
              },
            ];
          }),
        }
      : {}),
  };
}
