import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Secret } from 'otpauth';
import { eventInterval, formatEventDate, formatEventTime } from '../../shared/dates';
import { APPLE_WALLET_ROTATING_REASON, type TicketWallet } from '../../shared/schemas/wallet';
import type { TicketDisplayStatus } from '../../shared/schemas/tickets';

/**
 * Wallet passes of a ticket (docs/rules/tickets.md 'Wallet passes'): what an Apple Wallet pass and a
 * Google Wallet event ticket carry, the pass's authentication token and its fingerprint. Pure: no
 * database, no clock.
 */

/** What a wallet pass shows of one ticket. Event date 'yyyy-MM-dd' and times 'HH:mm[:ss]' in America/Sao_Paulo. */
export interface PassTicket {
  id: string;
  code: string;
  sectorName: string;
  holderName: string | null;
  event: {
    id: string;
    title: string;
    date: string;
    startTime: string;
    endTime: string | null;
    location: string;
    fullAddress: string | null;
    rotatingQr: boolean;
  };
  /** The pass no longer admits: the ticket or its order was refunded or cancelled, or the ticket moved to someone else. */
  voided: boolean;
}

/** Digits of the rotating QR's TOTP (shared/rotating-qr.ts: 6 digits, 30-second steps, SHA-1). */
const ROTATING_DIGITS = 6;
const ROTATING_PERIOD_MS = 30_000;
/** Between the code and its TOTP in a rotating QR (shared/rotating-qr.ts). */
const ROTATING_SEPARATOR = '~';

/**
 * A pass's `authenticationToken` (Apple's 'Wallet Web Service'): HMAC-SHA256 of the ticket's id and
 * code under the product's ticket signing key, 40 hex characters. Derived, never stored; a ticket
 * that gets a new code (a transfer) gets a new token, so the old holder's pass never reads the new code.
 */
export function walletPassToken(signingKey: Buffer, ticketId: string, code: string): string {
  return createHmac('sha256', signingKey).update(`wallet-pass v1:${ticketId}:${code}`).digest('hex').slice(0, 40);
}

/** Whether `given` is the token of the ticket with `code`, compared in constant time. */
export function isWalletPassToken(signingKey: Buffer, ticketId: string, code: string, given: string): boolean {
  const expected = Buffer.from(walletPassToken(signingKey, ticketId, code));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Which wallets a ticket can be added to: only a 'valid' ticket, only a configured wallet; no Apple
 * pass on a rotating-QR event (a pass cannot rotate its code), with the pt-BR reason. Undefined when
 * neither wallet is configured or the ticket is not valid.
 */
export function ticketWalletOptions(
  ticket: { displayStatus: TicketDisplayStatus; rotatingQr: boolean },
  configured: { apple: boolean; google: boolean },
): TicketWallet | undefined {
  if (ticket.displayStatus !== 'valid' || (!configured.apple && !configured.google)) return undefined;
  const appleBlocked = configured.apple && ticket.rotatingQr;
  return {
    apple: configured.apple && !ticket.rotatingQr,
    ...(appleBlocked ? { appleUnavailableReason: APPLE_WALLET_ROTATING_REASON } : {}),
    google: configured.google,
  };
}

/** A fingerprint of everything a pass shows: when it changes, the pass has changed (its 'updated since' tag moves). */
export function passFingerprint(ticket: PassTicket): string {
  const { id, code, sectorName, holderName, event, voided } = ticket;
  return createHash('sha256')
    .update(JSON.stringify([id, code, sectorName, holderName, event, voided]))
    .digest('hex');
}

/** ISO 8601 with São Paulo's offset of a wall time there: ('2026-03-14', '22:00') -> '2026-03-14T22:00:00-03:00'. */
export function saoPauloDateTime(date: string, time: string, instant: Date): string {
  const [h, m, s = '00'] = time.split(':');
  const wallAsUtc = Date.parse(`${date}T${h}:${m}:${s}Z`);
  const offsetMinutes = Math.round((wallAsUtc - instant.getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date}T${h}:${m}:${s}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** When, as both wallets show it: the start and end as ISO 8601 with São Paulo's offset (the start's). */
function eventTimes(ticket: PassTicket): { start: string; end: string } {
  const { startsAt, endsAt } = eventInterval(ticket.event);
  const start = saoPauloDateTime(ticket.event.date, ticket.event.startTime, startsAt);
  const offset = start.slice(-6);
  const offsetMs = (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;
  const end = `${new Date(endsAt.getTime() + offsetMs).toISOString().slice(0, 19)}${offset}`;
  return { start, end };
}

/** The pt-BR line of the event's start: 'sábado, 14 de março de 2026 · 22:00'. */
function startLine(ticket: PassTicket): string {
  return `${formatEventDate(ticket.event.date)} · ${formatEventTime(ticket.event.startTime)}`;
}

/** Settings of the Apple pass that are the product's, not the ticket's. */
export interface ApplePassSettings {
  passTypeId: string;
  teamId: string;
  organizationName: string;
  /** The web service's address, `<PUBLIC_URL>/api/wallet/apple`; absent: the pass is never updated. */
  webServiceUrl?: string;
}

/**
 * pass.json of a ticket's Apple Wallet pass (Apple's 'Pass' reference, style eventTicket): the
 * event's title, sector, holder, start (São Paulo time, shown as there whatever the phone's zone),
 * venue and the ticket's code as a QR (PKBarcodeFormatQR, iso-8859-1). `serialNumber` is the
 * ticket's id; `authenticationToken` walletPassToken's. A voided pass says so (`voided: true`).
 * Never for a rotating-QR event (ticketWalletOptions). Throws DomainError('validation_failed') for
 * a malformed event date.
 */
export function applePassJson(ticket: PassTicket, settings: ApplePassSettings, authenticationToken: string): Record<string, unknown> {
  const { start } = eventTimes(ticket);
  const venue = ticket.event.fullAddress ? `${ticket.event.location} — ${ticket.event.fullAddress}` : ticket.event.location;
  return {
    formatVersion: 1,
    passTypeIdentifier: settings.passTypeId,
    teamIdentifier: settings.teamId,
    organizationName: settings.organizationName,
    serialNumber: ticket.id,
    description: `Ingresso: ${ticket.event.title}`,
    authenticationToken,
    ...(settings.webServiceUrl ? { webServiceURL: settings.webServiceUrl } : {}),
    backgroundColor: 'rgb(17, 17, 17)',
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(200, 200, 200)',
    relevantDate: start,
    ...(ticket.voided ? { voided: true } : {}),
    barcodes: [{ format: 'PKBarcodeFormatQR', message: ticket.code, messageEncoding: 'iso-8859-1', altText: ticket.code }],
    eventTicket: {
      primaryFields: [{ key: 'event', label: 'EVENTO', value: ticket.event.title }],
      secondaryFields: [
        { key: 'sector', label: 'SETOR', value: ticket.sectorName },
        { key: 'holder', label: 'TITULAR', value: ticket.holderName ?? '—' },
      ],
      auxiliaryFields: [
        {
          key: 'date',
          label: 'QUANDO',
          value: start,
          dateStyle: 'PKDateStyleMedium',
          timeStyle: 'PKDateStyleShort',
          ignoresTimeZone: true,
        },
        { key: 'venue', label: 'LOCAL', value: ticket.event.location },
      ],
      backFields: [
        { key: 'when', label: 'Quando', value: startLine(ticket) },
        { key: 'where', label: 'Local', value: venue },
        { key: 'code', label: 'Código do ingresso', value: ticket.code },
        ...(ticket.voided ? [{ key: 'voided', label: 'Situação', value: 'Este ingresso não vale mais para a entrada.' }] : []),
      ],
    },
  };
}

/** Settings of the Google Wallet link that are the product's. */
export interface GoogleWalletSettings {
  issuerId: string;
  /** The service account's e-mail (`client_email`), the JWT's issuer. */
  serviceAccountEmail: string;
  issuerName: string;
  /** The site's origin, where the 'save' button is shown. */
  origin: string;
}

/**
 * The claims of Google's 'save to wallet' JWT for one ticket (Google Wallet REST reference:
 * EventTicketClass, EventTicketObject, RotatingBarcode): the class `<issuer>.<event id>` inline
 * (eventName, venue, dateTime with São Paulo's offset) and the ticket's object. A static QR carries
 * the code; on a rotating-QR event `rotatingBarcode` makes the product's QR on the phone:
 * valuePattern '<code>~{totp_value_0}', TOTP_SHA1, 30 s, 6 digits, the ticket's rotation secret as
 * Base16 (shared/rotating-qr.ts, domain/rotation-secret.ts). The object's id carries a digest of
 * the code, so a ticket that got a new code (a transfer) is a new object. Signed RS256 by the caller.
 */
export function googleSaveClaims(
  ticket: PassTicket,
  settings: GoogleWalletSettings,
  rotationSecretBase32: string | null,
): Record<string, unknown> {
  const { start, end } = eventTimes(ticket);
  const classId = `${settings.issuerId}.${ticket.event.id}`;
  const codeDigest = createHash('sha256').update(ticket.code).digest('hex').slice(0, 12);
  const localized = (value: string) => ({ defaultValue: { language: 'pt-BR', value } });
  const barcode =
    ticket.event.rotatingQr && rotationSecretBase32
      ? {
          rotatingBarcode: {
            type: 'QR_CODE',
            valuePattern: `${ticket.code}${ROTATING_SEPARATOR}{totp_value_0}`,
            alternateText: 'QR rotativo: muda a cada 30 segundos',
            totpDetails: {
              periodMillis: String(ROTATING_PERIOD_MS),
              algorithm: 'TOTP_SHA1',
              parameters: [{ key: Secret.fromBase32(rotationSecretBase32).hex.toUpperCase(), valueLength: ROTATING_DIGITS }],
            },
          },
        }
      : { barcode: { type: 'QR_CODE', value: ticket.code, alternateText: ticket.code } };
  return {
    iss: settings.serviceAccountEmail,
    aud: 'google',
    typ: 'savetowallet',
    origins: [settings.origin],
    payload: {
      eventTicketClasses: [
        {
          id: classId,
          issuerName: settings.issuerName,
          reviewStatus: 'UNDER_REVIEW',
          eventName: localized(ticket.event.title),
          venue: {
            name: localized(ticket.event.location),
            address: localized(ticket.event.fullAddress ?? ticket.event.location),
          },
          dateTime: { start, end },
        },
      ],
      eventTicketObjects: [
        {
          id: `${settings.issuerId}.${ticket.id}-${codeDigest}`,
          classId,
          state: ticket.voided ? 'INACTIVE' : 'ACTIVE',
          ticketHolderName: ticket.holderName ?? undefined,
          ticketNumber: ticket.id.slice(0, 8).toUpperCase(),
          ticketType: localized(ticket.sectorName),
          seatInfo: { section: localized(ticket.sectorName) },
          ...barcode,
        },
      ],
    },
  };
}
