import { paymentMethods, scanDirections } from '../statuses';
import { z } from 'zod';
import '../zod-locale';
import { text } from './fields';
import { ageRatings } from '../event-info';
import { ticketWalletSchema } from './wallet';

export const ticketDisplayStatuses = ['valid', 'used', 'expired', 'pending', 'refunded', 'cancelled', 'transferred'] as const;
export type TicketDisplayStatus = (typeof ticketDisplayStatuses)[number];

/** A ticket of 'Meus ingressos'; instants UTC ISO 8601. */
export const ticketViewSchema = z.object({
  /** Ticket id, or for an unpaid order `<orderItemId>:<n>` (no ticket exists yet). */
  id: z.string(),
  sectorName: z.string(),
  /** Who uses it (named at checkout, or the courtesy's or meia-entrada's holder); null while unnamed. */
  holderName: z.string().nullable(),
  /** The QR payload; only present while the ticket can admit (status 'valid'). */
  code: z.string().nullable(),
  /**
   * With `code`, for an event whose QR rotates: the secret the app makes the 30-second TOTP of
   * the QR from (shared/rotating-qr.ts), also without network. Absent otherwise.
   */
  rotationSecret: z.string().nullable().optional(),
  displayStatus: z.enum(ticketDisplayStatuses),
  /** UTC instant of the accepted check-in. */
  checkedInAt: z.string().nullable(),
  /** On an event with sessions: the sessions it admits to, once each (shared/sessions.ts sessionLine: 'Sexta 13/03 · 22:00'). */
  sessions: z.array(z.string()).optional(),
  /**
   * On an event with sessions: the session this ticket is valid for (shared/ticket-session.ts
   * ticketSession: a single-day ticket's own day, a pass's session on now or next), whose start its
   * card and QR screen show instead of the event's first date. São Paulo day 'yyyy-MM-dd' and
   * wall-clock times 'HH:mm[:ss]'.
   */
  session: z.object({ name: z.string(), date: z.string(), startTime: z.string(), endTime: z.string().nullable() }).optional(),
  /**
   * With displayStatus 'transferred' (a ticket this user transferred away and the recipient accepted,
   * docs/rules/transfers.md 'Transfers'): the name the transfer was sent to and when it was accepted
   * (UTC ISO 8601). The card reads 'Transferido para <name>', without code.
   */
  transferredTo: z.object({ name: z.string(), at: z.string() }).optional(),
  /** Which wallets a valid ticket can be added to (docs/rules/tickets.md 'Wallet passes'); absent: none. */
  wallet: ticketWalletSchema.optional(),
});
export type TicketView = z.infer<typeof ticketViewSchema>;

/** GET /api/tickets: the signed-in user's tickets grouped by order, newest order first. Money in integer centavos. */
export const myOrderTicketsSchema = z.object({
  orderId: z.string(),
  status: z.string(),
  createdAt: z.string(),
  totalCentavos: z.number(),
  paymentMethod: z.enum(paymentMethods),
  /** UTC instant (ISO 8601) a pending order's hold ends; it can be resumed until then. */
  expiresAt: z.string(),
  event: z.object({
    id: z.string(),
    title: z.string(),
    date: z.string(),
    startTime: z.string(),
    endTime: z.string().nullable(),
    location: z.string(),
    imageUrl: z.string().nullable(),
    /** The age rating ('L', '10' ... '18', shared/event-info.ts) the ticket shows; null: not informed. */
    ageRating: z.enum(ageRatings).nullable(),
    /** Younger people than the rating enter with a parent or guardian (shared/event-info.ts minorsRule). */
    minorsAccompanied: z.boolean(),
  }),
  /** Whether the user placed this order; false for an order listed for tickets someone else bought and transferred to the user. */
  isBuyer: z.boolean(),
  tickets: z.array(ticketViewSchema),
});
export type MyOrderTickets = z.infer<typeof myOrderTicketsSchema>;

/** Answer of GET /api/tickets. */
export const myTicketsSchema = z.object({ orders: z.array(myOrderTicketsSchema) });
export type MyTicketsAnswer = z.infer<typeof myTicketsSchema>;

/** Where a door scans when its staff name no gate (docs/rules/door.md 'One event per door': 'Entrada principal'). */
export const DEFAULT_GATE = 'Entrada principal';

const gateSchema = text()
  .trim()
  .max(60, 'Nome do portão muito longo')
  .optional()
  .transform((gate) => gate || DEFAULT_GATE);
const deviceIdSchema = text().trim().min(1).max(100);
const nonceSchema = text().trim().min(8).max(100);

/**
 * Body of POST /api/check-ins: one scan at the door of `eventId` (the event the door works;
 * docs/rules/door.md 'One event per door': no mode that admits every event). `nonce` is the device's id for this scan, so the
 * same scan queued offline after a slow answer is recorded once.
 */
export const checkInSchema = z.object({
  code: text().trim().min(1, 'Digite ou escaneie um código QR').max(200),
  eventId: z.uuid('Escolha o evento da portaria'),
  gate: gateSchema,
  deviceId: deviceIdSchema.optional(),
  nonce: nonceSchema.optional(),
  /** The session the door operator picked, on an event with sessions; absent: the one open now. */
  sessionId: z.uuid().optional(),
  /** 'out' for an exit scan, where the event has exit scans; absent: an entry. */
  direction: z.enum(scanDirections).optional(),
});
export type CheckInInput = z.input<typeof checkInSchema>;

/** Body of POST /api/door/manual-check-in: a ticket found by the look-up, admitted by hand. */
export const manualCheckInSchema = z.object({
  eventId: z.uuid('Escolha o evento da portaria'),
  ticketId: z.uuid('Ingresso inválido'),
  gate: gateSchema,
  deviceId: deviceIdSchema.optional(),
  /** The session the door operator picked, on an event with sessions; absent: the one open now. */
  sessionId: z.uuid().optional(),
  direction: z.enum(scanDirections).optional(),
});
export type ManualCheckInInput = z.input<typeof manualCheckInSchema>;

/**
 * Why the door refuses a ticket (docs/rules/door.md 'Verdicts'). 'too_early' and
 * 'event_over': outside the door's window; 'not_on_list': decided offline, the code is not on
 * the device's list; 'offline_conflict': admitted offline although it had already got in;
 * 'offline_out_of_window': admitted offline at a time (the device's clock) outside the door's
 * window or later than the sync arrived, so not counted as the entry; 'nonce_reused': a scan id
 * the door already used for another code (nothing recorded, nothing told of the other ticket);
 * 'transferred': the code a ticket carried before its holder transferred it to someone else (an
 * accepted transfer's old code; the ticket now has a new code, docs/rules/transfers.md 'Transfers'). 'wrong_session': the
 * ticket's sector does not cover the session the door admits to; 'already_inside': with exit
 * scans, an entry of a ticket that is inside; 'not_inside': an exit of a ticket that is not.
 */
export const REFUSAL_REASONS = [
  'unknown_code',
  'transferred',
  'already_used',
  'not_paid',
  'refunded',
  'cancelled',
  'other_event',
  'too_early',
  'event_over',
  'not_on_list',
  'offline_conflict',
  'offline_out_of_window',
  'nonce_reused',
  'qr_expired',
  'wrong_session',
  'already_inside',
  'not_inside',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/**
 * A refusal as the door reads it: the reason code and the facts its message names (the screen's
 * words come from shared/door-verdict describeVerdict, one mapping for scan, offline and look-up).
 */
export const doorRefusalSchema = z.object({
  reason: z.enum(REFUSAL_REASONS),
  /** The ticket's own event, when the code names a ticket ('other_event' names it). */
  eventTitle: z.string().nullable(),
  /** For 'already_used': when the first entry happened (UTC ISO). */
  checkedInAt: z.string().nullable(),
  /** For 'already_used': the gate of the first entry, when known. */
  checkedInGate: z.string().nullable(),
  /** For 'too_early': when the door opens (UTC ISO). */
  opensAt: z.string().nullable(),
  /** For 'cancelled': the ticket's event was cancelled by its organizer. */
  isEventCancelled: z.boolean(),
  /** For 'wrong_session': the sessions the ticket is valid for ('Sábado 14/03'). */
  validSessions: z.array(z.string()).optional(),
});
export type DoorRefusal = z.infer<typeof doorRefusalSchema>;

/** Answer of POST /api/check-ins and POST /api/door/manual-check-in: the entry let through, or the refusal. */
export const checkInResultSchema = z.discriminatedUnion('accepted', [
  z.object({
    accepted: z.literal(true),
    eventTitle: z.string(),
    sectorName: z.string(),
    /** Who the ticket is for, when the buyer named them. */
    holderName: z.string().nullable(),
    /** A half-price ticket: what the door asks to see ('Conferir carteira de estudante (CIE)'); null for full price. */
    documentCheck: z.string().nullable(),
    /** UTC ISO instant of this entry. */
    checkedInAt: z.string(),
    /** 'out': an exit let through ('SAIU às 01:12'); absent or 'in': an entry. */
    direction: z.enum(scanDirections).optional(),
    /** An entry after an exit ('VOLTOU'). */
    isReentry: z.boolean().optional(),
    /** The session it entered, on an event with sessions ('Sábado 14/03'). */
    sessionLabel: z.string().nullable().optional(),
  }),
  doorRefusalSchema.extend({
    accepted: z.literal(false),
    /** The reason in pt-BR (refusalMessage). */
    message: z.string(),
    sectorName: z.string().nullable(),
    holderName: z.string().nullable(),
  }),
]);
export type CheckInResult = z.infer<typeof checkInResultSchema>;

/** Entries at the door against tickets sold, for one event. */
export const doorCountsSchema = z.object({
  entries: z.number(),
  sold: z.number(),
  /** People inside now: entries less exits (on an event with sessions, of the session open now). */
  inside: z.number().optional(),
});
export type DoorCounts = z.infer<typeof doorCountsSchema>;

/** A session of an event as the door knows it: its label and its door window (UTC ISO instants). */
export const doorSessionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 'Sábado 14/03' (shared/sessions.ts sessionLabel). */
  label: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  opensAt: z.string(),
  closesAt: z.string(),
});
export type DoorSession = z.infer<typeof doorSessionSchema>;

/** GET /api/door/events: an event a door may work; date 'yyyy-MM-dd', times 'HH:mm:ss' (São Paulo). */
export const doorEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  location: z.string(),
  /** UTC ISO instants: the door admits from `opensAt` until `closesAt` (the event's end). */
  opensAt: z.string(),
  closesAt: z.string(),
  /** Today in São Paulo, or already open (an event past midnight). */
  isToday: z.boolean(),
  /** Its sessions, in order (none: the event's one date). */
  sessions: z.array(doorSessionSchema).optional(),
  /** The door scans exits too ('Entrada' / 'Saída'). */
  exitScans: z.boolean().optional(),
});
export type DoorEvent = z.infer<typeof doorEventSchema>;

/** Answer of GET /api/door/events. */
export const doorEventsSchema = z.object({ events: z.array(doorEventSchema) });
export type DoorEvents = z.infer<typeof doorEventsSchema>;

/** A ticket as a door device keeps it to decide offline: the SHA-256 of its code, never the code. */
export const OFFLINE_TICKET_STATUSES = ['valid', 'used', 'refunded', 'cancelled', 'not_paid'] as const;
export type OfflineTicketStatus = (typeof OFFLINE_TICKET_STATUSES)[number];

/** A ticket's entries and exits in one session, as the offline list carries them (UTC ISO instants). */
export const offlineTurnsSchema = z.object({
  sessionId: z.string().nullable(),
  entries: z.number(),
  exits: z.number(),
  firstEntryAt: z.string().nullable(),
  lastEntryAt: z.string().nullable(),
});
export type OfflineTurns = z.infer<typeof offlineTurnsSchema>;

export const offlineTicketSchema = z.object({
  /** base64url (no padding) of SHA-256 over the code's UTF-8 bytes. */
  hash: z.string(),
  holderName: z.string().nullable(),
  sectorName: z.string(),
  /** What the door asks to see for a half-price ticket; null for full price. */
  documentCheck: z.string().nullable(),
  status: z.enum(OFFLINE_TICKET_STATUSES),
  /** UTC ISO instant of the accepted entry, when there is one. */
  checkedInAt: z.string().nullable(),
  /** The rotating QR's secret (shared/rotating-qr.ts), only when the event rotates its QR codes. */
  rotationSecret: z.string().nullable().optional(),
  /** On an event with sessions: the sessions its sector is valid for (empty: every session). */
  sessionIds: z.array(z.string()).optional(),
  /** Its accepted entries and exits per session (sessionId null: the event's one date). */
  turns: z.array(offlineTurnsSchema).optional(),
});
export type OfflineTicket = z.infer<typeof offlineTicketSchema>;

/** GET /api/door/events/:id/offline-data */
export const doorOfflineDataSchema = z.object({
  /**
   * `rotatingQr`: the QR codes rotate; a code without a fresh TOTP is refused 'qr_expired'.
   * `isCancelled`: its organizer cancelled it; every ticket is refused 'cancelled', before anything else about it.
   */
  event: z.object({
    id: z.string(),
    title: z.string(),
    opensAt: z.string(),
    closesAt: z.string(),
    rotatingQr: z.boolean().optional(),
    sessions: z.array(doorSessionSchema).optional(),
    exitScans: z.boolean().optional(),
    isCancelled: z.boolean().optional(),
  }),
  tickets: z.array(offlineTicketSchema),
  /**
   * The old codes of the event's tickets transferred to someone else (accepted transfers), hashed
   * as `hash`: a device refuses them 'transferred' without network. Only hashes, no names.
   */
  transferredHashes: z.array(z.string()),
  /** UTC ISO instant the list was read. */
  generatedAt: z.string(),
});
export type DoorOfflineData = z.infer<typeof doorOfflineDataSchema>;

/** Most scans one sync call takes; a longer queue is sent in several calls. */
export const MAX_SYNC_SCANS = 500;

/** Body of POST /api/door/sync: decisions a device took offline, in the order it took them. */
export const doorSyncSchema = z.object({
  deviceId: deviceIdSchema,
  scans: z
    .array(
      z.object({
        nonce: nonceSchema,
        code: text().trim().min(1).max(200),
        eventId: z.uuid(),
        gate: gateSchema,
        /** When the device decided (UTC ISO instant). */
        scannedAt: z.iso.datetime({ offset: true }),
        /** The device's decision: true = it let the person in. */
        accepted: z.boolean(),
        /** Why the device refused, when it did. */
        reason: z.enum(REFUSAL_REASONS).optional(),
        /** The session the device admitted to (on an event with sessions). */
        sessionId: z.uuid().optional(),
        /** 'out' for an exit the device let through. */
        direction: z.enum(scanDirections).optional(),
      }),
    )
    .min(1, 'Envie ao menos uma leitura')
    .max(MAX_SYNC_SCANS, `Envie no máximo ${MAX_SYNC_SCANS} leituras por sincronização`),
});
export type DoorSyncInput = z.input<typeof doorSyncSchema>;

/**
 * What the server recorded for one synced scan: 'admitted' (the ticket's entry), 'conflict'
 * (let in offline although it had got in, or could not get in; recorded and flagged),
 * 'refused' (a refusal recorded as such), 'duplicate' (this nonce was already recorded).
 */
export const doorSyncOutcomeSchema = z.object({
  nonce: z.string(),
  outcome: z.enum(['admitted', 'conflict', 'refused', 'duplicate']),
  reason: z.enum(REFUSAL_REASONS).nullable(),
});
export type DoorSyncOutcome = z.infer<typeof doorSyncOutcomeSchema>;

/** Answer of POST /api/door/sync: one outcome per scan, and the counts of each event in the batch (by event id). */
export const doorSyncResultSchema = z.object({
  results: z.array(doorSyncOutcomeSchema),
  counts: z.record(z.string(), doorCountsSchema),
});
export type DoorSyncResult = z.infer<typeof doorSyncResultSchema>;

/** GET /api/door/events/:id/search?q= : a ticket of the door's event found by the look-up. */
export const doorSearchTicketSchema = z.object({
  ticketId: z.string(),
  holderName: z.string().nullable(),
  sectorName: z.string(),
  /** What the door asks to see for a half-price ticket; null for full price. */
  documentCheck: z.string().nullable(),
  buyerName: z.string(),
  /** First 8 characters of the order id, as 'Meus ingressos' shows it ('Pedido #1a2b3c4d'). */
  orderNumber: z.string(),
  /** The ticket's status as the door reads it; 'transferred' for the row of a code its holder transferred away. */
  status: z.enum([...OFFLINE_TICKET_STATUSES, 'transferred']),
  checkedInAt: z.string().nullable(),
  /** What a scan of this ticket at this door would answer now (the same rule, read without admitting). */
  verdict: z.discriminatedUnion('accepted', [
    z.object({ accepted: z.literal(true) }),
    doorRefusalSchema.extend({ accepted: z.literal(false), message: z.string() }),
  ]),
});
export type DoorSearchTicket = z.infer<typeof doorSearchTicketSchema>;

/** Answer of GET /api/door/events/:id/search. */
export const doorSearchResultSchema = z.object({ tickets: z.array(doorSearchTicketSchema) });
export type DoorSearchResult = z.infer<typeof doorSearchResultSchema>;

export const doorSearchSchema = z.object({
  q: text().trim().min(2, 'Digite pelo menos 2 caracteres').max(100),
});
