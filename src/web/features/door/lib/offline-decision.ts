import { refusalMessage } from '../../../../shared/door-verdict';
import { rotatingQrFreshness } from '../../../../shared/rotating-qr';
import type { CheckInResult, DoorOfflineData, DoorRefusal, OfflineTicket, RefusalReason } from '../../../../shared/schemas/tickets';

/** base64url (no padding) of SHA-256 over the code, as the server names tickets in the list. */
export async function hashTicketCode(code: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether this browser can hash on the device (crypto.subtle needs HTTPS or localhost). */
export const canDecideOffline = () => typeof crypto !== 'undefined' && !!crypto.subtle;

/** Whether a code's hash is one of the list's transferred-away old codes (a list kept before they were sent has none). */
export function isTransferredAway(list: DoorOfflineData, hash: string): boolean {
  return (list.transferredHashes ?? []).includes(hash);
}

/**
 * The door's verdict without network, from the event's list kept on the device (the way
 * pretixSCAN decides offline; the server's rule is server/domain/admission.ts decideAdmission,
 * this is its other place, over the list services/door/get-offline-data.ts gives): a code not on
 * the list -> 'transferred' when it is a transferred ticket's old code (`isTransferred`), else
 * 'not_on_list'; a rotating QR (the list's event rotates) without a fresh TOTP (`otp`) ->
 * 'qr_expired'; outside the window ->
 * 'too_early' / 'event_over'; used (on the list, or let in by this device: `deviceEntries`) ->
 * 'already_used' with when; refunded, cancelled, not paid; otherwise VÁLIDO. Messages are the
 * server's (refusalMessage), so an offline verdict reads like an online one.
 */
export function decideOffline(
  ticket: OfflineTicket | undefined,
  list: DoorOfflineData,
  deviceEntry: string | undefined,
  now: Date,
  isTransferred = false,
  otp: string | null = null,
): CheckInResult {
  const refuse = (reason: RefusalReason, checkedInAt: string | null = null): CheckInResult => {
    const refusal: DoorRefusal = {
      reason,
      eventTitle: ticket ? list.event.title : null,
      checkedInAt,
      checkedInGate: null,
      opensAt: reason === 'too_early' ? list.event.opensAt : null,
      isEventCancelled: false,
    };
    return {
      accepted: false,
      ...refusal,
      message: refusalMessage(reason, refusal, now),
      ticketTypeName: ticket?.ticketTypeName ?? null,
      holderName: ticket?.holderName ?? null,
    };
  };
  if (!ticket) return refuse(isTransferred ? 'transferred' : 'not_on_list');
  if (list.event.rotatingQr && (!ticket.rotationSecret || rotatingQrFreshness(ticket.rotationSecret, otp, now) === 'expired')) return refuse('qr_expired');
  if (now.getTime() < Date.parse(list.event.opensAt)) return refuse('too_early');
  if (now.getTime() >= Date.parse(list.event.closesAt)) return refuse('event_over');
  if (ticket.status === 'used') return refuse('already_used', ticket.checkedInAt);
  if (ticket.status === 'refunded') return refuse('refunded');
  if (ticket.status === 'cancelled') return refuse('cancelled');
  if (ticket.status === 'not_paid') return refuse('not_paid');
  if (deviceEntry) return refuse('already_used', deviceEntry);
  return {
    accepted: true,
    eventTitle: list.event.title,
    ticketTypeName: ticket.ticketTypeName,
    holderName: ticket.holderName,
    documentCheck: ticket.documentCheck ?? null,
    checkedInAt: now.toISOString(),
  };
}
