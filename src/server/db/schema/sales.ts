import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { eventSessions, events, ticketLots, sectors } from './catalog';
import { concessions } from '../../../shared/concessions';
import {
  discountTypes,
  orderChannels,
  orderStatuses,
  paymentMethods,
  refundOrigins,
  refundStatuses,
  scanDirections,
  ticketStatuses,
} from '../../../shared/statuses';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const discountTypeEnum = pgEnum('discount_type', discountTypes);

/**
 * A coupon (once called `discount_coupons`; docs/rules/sale.md 'Coupons'). `currentUses` counts paid orders only; `heldUses` counts unpaid
 * orders still holding a use, so that held + current never passes `maxUses`.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    description: text('description'),
    discountType: discountTypeEnum('discount_type').notNull(),
    discountValue: integer('discount_value').notNull(),
    minPurchaseCentavos: integer('min_purchase_centavos'),
    maxUses: integer('max_uses'),
    currentUses: integer('current_uses').notNull().default(0),
    heldUses: integer('held_uses').notNull().default(0),
    validFrom: ts('valid_from'),
    validUntil: ts('valid_until'),
    isActive: boolean('is_active').notNull().default(true),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    /** A pre-sale code: the hidden sector it unlocks (ticket_types.hidden_without_code); it may also discount (value > 0) or not (0). */
    unlocksSectorId: uuid('unlocks_ticket_type_id').references(() => sectors.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('coupons_code_upper', sql`${t.code} = upper(${t.code})`),
    check('coupons_value_positive', sql`${t.discountValue} > 0 OR (${t.discountValue} = 0 AND ${t.unlocksSectorId} IS NOT NULL)`),
    check('coupons_percentage_range', sql`${t.discountType} <> 'percentage' OR ${t.discountValue} <= 100`),
    check('coupons_uses_non_negative', sql`${t.currentUses} >= 0 AND ${t.heldUses} >= 0`),
    check('coupons_uses_within_max', sql`${t.maxUses} IS NULL OR ${t.currentUses} + ${t.heldUses} <= ${t.maxUses}`),
  ],
);

/**
 * A pre-sale access code typed on an event page (`?codigo=`) that unlocked nothing: one row per
 * failure, under each of its actors (the account, the address), kept as a keyed hash so no IP or
 * account id is stored in the clear. The throttle counts an actor's recent rows
 * (services/catalog/access-code-attempts.ts); the back office counts an event's.
 */
export const accessCodeFailures = pgTable(
  'access_code_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    actor: text('actor').notNull(),
    failedAt: ts('failed_at').notNull().defaultNow(),
  },
  (t) => [
    index('access_code_failures_actor_idx').on(t.actor, t.failedAt),
    index('access_code_failures_event_idx').on(t.eventId, t.failedAt),
  ],
);

export const orderStatusEnum = pgEnum('order_status', orderStatuses);

export const paymentMethodEnum = pgEnum('payment_method', paymentMethods);

export const concessionEnum = pgEnum('concession', concessions);

export const orderChannelEnum = pgEnum('order_channel', orderChannels);

/**
 * A box-office operator's cash drawer for one event ('Caixa', docs/rules/box-office.md 'Drawers'):
 * opened with a float, closed once with the amount counted. What the system expects at the close
 * is the float plus cash sales, minus cash refunds and withdrawals (drawerMovements); the
 * difference is counted minus expected.
 */
export const cashDrawers = pgTable(
  'cash_drawers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    operatorId: text('operator_id').references(() => users.id, { onDelete: 'set null' }),
    /** The device the drawer was opened on (the random id the device keeps). */
    deviceId: text('device_id'),
    floatCentavos: integer('float_centavos').notNull(),
    openedAt: ts('opened_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
    /** What the operator counted at the close, and what the system expected then. */
    countedCentavos: integer('counted_centavos'),
    expectedCentavos: integer('expected_centavos'),
  },
  (t) => [
    index('cash_drawers_event_id_idx').on(t.eventId),
    // One open drawer per operator and event.
    uniqueIndex('cash_drawers_one_open')
      .on(t.eventId, t.operatorId)
      .where(sql`${t.closedAt} IS NULL`),
    check('cash_drawers_amounts', sql`${t.floatCentavos} >= 0 AND (${t.countedCentavos} IS NULL OR ${t.countedCentavos} >= 0)`),
    check('cash_drawers_closed_counted', sql`(${t.closedAt} IS NULL) = (${t.countedCentavos} IS NULL)`),
  ],
);

export const drawerMovementKinds = ['withdrawal', 'supply'] as const;

/** Cash taken out of a drawer ('Sangria', a withdrawal) or put in ('Suprimento'), in centavos (> 0). */
export const drawerMovements = pgTable(
  'drawer_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    drawerId: uuid('drawer_id')
      .notNull()
      .references(() => cashDrawers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: drawerMovementKinds }).notNull(),
    amountCentavos: integer('amount_centavos').notNull(),
    note: text('note'),
    /** A device's own id for a movement recorded offline, so a re-sent queue records it once per drawer. */
    nonce: text('nonce'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('drawer_movements_drawer_id_idx').on(t.drawerId),
    uniqueIndex('drawer_movements_drawer_nonce_unique').on(t.drawerId, t.nonce),
    check('drawer_movements_amount_positive', sql`${t.amountCentavos} > 0`),
    check('drawer_movements_kind', sql`${t.kind} IN ('withdrawal', 'supply')`),
  ],
);

/** One purchase by one buyer for one event. Amounts in centavos, computed by the server. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: orderStatusEnum('status').notNull().default('pending'),
    subtotalCentavos: integer('subtotal_centavos').notNull(),
    discountCentavos: integer('discount_centavos').notNull().default(0),
    /** The service fee the buyer pays ('taxa de serviço'), part of the total; 0 when none or absorbed. */
    feeCentavos: integer('fee_centavos').notNull().default(0),
    /** The service fee the organizer absorbs: not charged, taken from the organizer's net. */
    absorbedFeeCentavos: integer('absorbed_fee_centavos').notNull().default(0),
    totalCentavos: integer('total_centavos').notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    /** Where the order was made: 'online', 'box_office' or 'guest_list' (the borderô's channel). */
    channel: orderChannelEnum('channel').notNull().default('online'),
    /** A box-office order: the operator's cash drawer it was taken in (cash, card machine or PIX on screen). */
    drawerId: uuid('drawer_id').references(() => cashDrawers.id, { onDelete: 'set null' }),
    /** A box-office sale made on a device (offline or not): the device's own id of the sale, so a re-sent sync records it once. */
    deviceNonce: text('device_nonce').unique(),
    /** A box-office PIX sale made with 'Gerar PIX e admitir': its tickets are admitted at the gate 'Bilheteria' in the transaction that confirms its payment. */
    admitOnPayment: boolean('admit_on_payment').notNull().default(false),
    /** Card machine payment: the NSU on the slip and the card brand ('Visa', 'Mastercard', 'Elo'...). */
    cardNsu: text('card_nsu'),
    cardBrand: text('card_brand'),
    /** Cash payment: what the buyer handed over (the change is this minus the total). */
    cashTenderedCentavos: integer('cash_tendered_centavos'),
    installments: integer('installments').notNull().default(1),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerPhone: text('buyer_phone').notNull(),
    buyerCpf: text('buyer_cpf').notNull(),
    /** 'sandbox', 'stripe', 'free' (total 0), or 'courtesy' (a 'Cortesia' the back office issued, `issuedBy`). */
    paymentProvider: text('payment_provider').notNull(),
    /** The staff member who issued a courtesy order; null for every other order. */
    issuedBy: text('issued_by').references(() => users.id, { onDelete: 'set null' }),
    /** The provider's payment reference; also the `session_id` of /payment-success. */
    paymentId: text('payment_id').unique(),
    pixCode: text('pix_code'),
    /** Why the last payment attempt failed (a declined card), shown when the buyer resumes; null otherwise. */
    paymentError: text('payment_error'),
    /**
     * The campaign the buyer arrived from (docs/rules/sale.md 'Campaign attribution'): the last
     * `utm_source`, `utm_medium` and `utm_campaign` seen before the order, and which ad click ids
     * came with it ('fbclid', 'gclid', 'ttclid': presence only, never the id); null/empty: none.
     */
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    adClickIds: text('ad_click_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_id_idx').on(t.userId),
    index('orders_event_id_idx').on(t.eventId),
    index('orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index('orders_event_buyer_cpf_idx').on(t.eventId, t.buyerCpf),
    index('orders_drawer_id_idx')
      .on(t.drawerId)
      .where(sql`${t.drawerId} IS NOT NULL`),
    check('orders_cash_tendered_covers', sql`${t.cashTenderedCentavos} IS NULL OR ${t.cashTenderedCentavos} >= ${t.totalCentavos}`),
    index('orders_unclaimed_courtesy_idx')
      .on(t.buyerEmail)
      .where(sql`${t.userId} IS NULL AND ${t.paymentProvider} = 'courtesy'`),
    check(
      'orders_amounts_non_negative',
      sql`${t.subtotalCentavos} >= 0 AND ${t.discountCentavos} >= 0 AND ${t.totalCentavos} >= 0 AND ${t.feeCentavos} >= 0 AND ${t.absorbedFeeCentavos} >= 0`,
    ),
    check('orders_total_consistent', sql`${t.totalCentavos} = ${t.subtotalCentavos} - ${t.discountCentavos} + ${t.feeCentavos}`),
    check('orders_installments_range', sql`${t.installments} BETWEEN 1 AND 6`),
  ],
);

/**
 * Ticket type x lot x quantity x unit price actually charged. A half-price unit (meia-entrada) is
 * an item of quantity 1 with its `concession` and its holder's CPF, birth date and document.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sectorId: uuid('ticket_type_id').references(() => sectors.id, { onDelete: 'set null' }),
    sectorName: text('ticket_type_name').notNull(),
    /** The lot the units were taken from (and go back to when released). */
    lotId: uuid('lot_id').references(() => ticketLots.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unitPriceCentavos: integer('unit_price_centavos').notNull(),
    /** The service fee of each unit, in centavos (charged or absorbed, as the order says). */
    unitFeeCentavos: integer('unit_fee_centavos').notNull().default(0),
    /** Half price under the meia-entrada law: the category; null for a full-price line. */
    concession: concessionEnum('concession'),
    /** The half-price holder's CPF (digits), birth date and document number (where the category has one). */
    holderCpf: text('holder_cpf'),
    holderBirthDate: date('holder_birth_date', { mode: 'string' }),
    documentNumber: text('document_number'),
    /** Holder names asked at checkout, one per unit in order (may be shorter); copied to the tickets when issued. */
    holderNames: text('holder_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Holders' CPFs (digits) asked at checkout for a nominal event, one per unit in order ('' where none); copied to the tickets. */
    holderCpfs: text('holder_cpfs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('order_items_order_id_idx').on(t.orderId),
    index('order_items_holder_cpf_idx')
      .on(t.holderCpf)
      .where(sql`${t.holderCpf} IS NOT NULL`),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_concession_one_unit', sql`${t.concession} IS NULL OR (${t.quantity} = 1 AND ${t.holderCpf} IS NOT NULL)`),
    check('order_items_fee_non_negative', sql`${t.unitFeeCentavos} >= 0`),
    check('order_items_price_non_negative', sql`${t.unitPriceCentavos} >= 0`),
  ],
);

export const ticketStatusEnum = pgEnum('ticket_status', ticketStatuses);

/** One admission for one person. `code` is the QR payload: random and signed, unique. */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    sectorName: text('ticket_type_name').notNull(),
    /** Who uses this ticket (docs/rules/transfers.md 'Named tickets'): asked at checkout, editable by the buyer until the event starts. */
    holderName: text('holder_name'),
    /** The holder's CPF (digits), asked where the event is nominal or the ticket is meia-entrada. */
    holderCpf: text('holder_cpf'),
    /** A half-price ticket's category (copied from its item): the door asks for its document. */
    concession: concessionEnum('concession'),
    code: text('code').notNull().unique(),
    status: ticketStatusEnum('status').notNull().default('valid'),
    /** The open (pending, approved or processed) refund this ticket belongs to; one at a time. */
    refundId: uuid('refund_id').references((): AnyPgColumn => refunds.id, { onDelete: 'set null' }),
    checkedInAt: ts('checked_in_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('tickets_order_id_idx').on(t.orderId),
    index('tickets_user_id_idx').on(t.userId),
    index('tickets_event_id_idx').on(t.eventId),
    // Who holds what per CPF (services/orders/cpf-holdings.ts) finds a CPF's tickets through it.
    index('tickets_event_holder_cpf_idx')
      .on(t.eventId, t.holderCpf)
      .where(sql`${t.holderCpf} IS NOT NULL`),
    // One valid meia-entrada per CPF and event (Lei 12.933/2013: the benefit is personal), whatever
    // channel issued or moved it; the sale decides it first (domain/sale.ts assertMayHold).
    uniqueIndex('tickets_one_meia_per_cpf')
      .on(t.eventId, t.holderCpf)
      .where(sql`${t.concession} IS NOT NULL AND ${t.status} = 'valid' AND ${t.holderCpf} IS NOT NULL`),
  ],
);

/** Every scan at the door, accepted or refused (once called `ticket_validations`; docs/rules/door.md 'Tickets and the door'). */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    scannedCode: text('scanned_code').notNull(),
    validatorId: text('validator_id').references(() => users.id, { onDelete: 'set null' }),
    accepted: boolean('accepted').notNull(),
    reason: text('reason'),
    location: text('location').notNull().default('Entrada principal'),
    scannedAt: ts('scanned_at').notNull().defaultNow(),
    /** The door device that decided it (a random id the device keeps). */
    deviceId: text('device_id'),
    /** A device's own id for an offline decision, so a re-sent queue is recorded once. */
    nonce: text('nonce').unique(),
    /** Decided on the device without network and synced later. */
    offline: boolean('offline').notNull().default(false),
    /** Admitted offline by a device although the ticket had already got in ('accept and flag'). */
    conflict: boolean('conflict').notNull().default(false),
    /** Admitted by hand from the look-up, not by scanning. */
    manual: boolean('manual').notNull().default(false),
    /** The session the scan was for, on an event with sessions (eventSessions); null: the event's one date. */
    sessionId: uuid('session_id').references(() => eventSessions.id, { onDelete: 'cascade' }),
    /** 'in' (an entry) or 'out' (an exit, where the event has exit scans). */
    direction: text('direction', { enum: scanDirections }).notNull().default('in'),
    /**
     * For an accepted scan: the turn of the ticket in its session it belongs to. The n-th accepted
     * entry ('in') is turn n and the exit ('out') that follows it closes turn n, so the next entry
     * is turn n + 1 (domain/admission.ts). Null for a refused scan; an accepted scan without one is turn 1.
     */
    entryNumber: integer('entry_number'),
  },
  (t) => [
    // Once per session and turn: one accepted entry and one accepted exit per (ticket, session,
    // turn). Without exit scans every entry is turn 1, so a ticket gets in once per session; with
    // them, two doors admitting the same ticket inside at once both claim the same turn and one
    // fails: a ticket is never inside twice.
    uniqueIndex('check_ins_one_scan_per_turn')
      .on(t.ticketId, sql`coalesce(session_id, '00000000-0000-0000-0000-000000000000'::uuid)`, t.direction, sql`coalesce(entry_number, 1)`)
      .where(sql`${t.accepted}`),
    check('check_ins_turn_of_accepted', sql`(${t.accepted} OR ${t.entryNumber} IS NULL) AND coalesce(${t.entryNumber}, 1) >= 1`),
    index('check_ins_event_id_idx').on(t.eventId, t.scannedAt),
  ],
);

export const refundOriginEnum = pgEnum('refund_origin', refundOrigins);

export const refundStatusEnum = pgEnum('refund_status', refundStatuses);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCentavos: integer('amount_centavos').notNull(),
    /** How many tickets the refund covers (kept after a rejection frees them). */
    ticketCount: integer('ticket_count').notNull().default(0),
    reason: text('reason').notNull(),
    status: refundStatusEnum('status').notNull().default('pending'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
    processedBy: text('processed_by').references(() => users.id, { onDelete: 'set null' }),
    adminNotes: text('admin_notes'),
    providerRefundId: text('provider_refund_id'),
    /** Who started it: the buyer ('request'), an event cancellation, a payment that came after its order expired, or a second payment. */
    origin: refundOriginEnum('origin').notNull().default('request'),
    /**
     * The provider's payment it pays back when that is not its order's own (a second charge,
     * origin 'duplicate_payment'); null: the order's payment (`orders.payment_id`).
     */
    paymentId: text('payment_id'),
    /**
     * The attempt at paying it back now in use (services/refunds/pay-refund.ts): its idempotency
     * key is `refund:<id>` for the first, `refund:<id>:<attempt>` after. It moves on only when the
     * provider said the attempt failed, so no two attempts can both pay.
     */
    paymentAttempt: integer('payment_attempt').notNull().default(1),
    /** When the provider last said an attempt failed, while the next one is due; null otherwise. */
    paymentFailedAt: ts('payment_failed_at'),
    /** The provider's reason for that failure (Stripe's `failure_reason`: 'expired_or_canceled_card', 'declined', ...). */
    paymentFailureReason: text('payment_failure_reason'),
  },
  (t) => [
    index('refunds_order_id_idx').on(t.orderId),
    check('refunds_payment_attempt_positive', sql`${t.paymentAttempt} >= 1`),
    // A payment other than its order's is paid back once, however often it is reported.
    uniqueIndex('refunds_one_per_other_payment')
      .on(t.paymentId)
      .where(sql`${t.paymentId} IS NOT NULL`),
    check('refunds_amount_non_negative', sql`${t.amountCentavos} >= 0`),
  ],
);

/** Provider webhook events already handled, so a redelivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  provider: text('provider').notNull(),
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  /** The payment (PaymentIntent id) the event is about, when it names one. */
  paymentId: text('payment_id'),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    actionUrl: text('action_url'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_id_idx').on(t.userId, t.createdAt)],
);

/** Work to do after a commit (e-mails, notifications), claimed with FOR UPDATE SKIP LOCKED. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    runAfter: ts('run_after').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: ts('done_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.runAfter)
      .where(sql`${t.doneAt} IS NULL`),
  ],
);

/**
 * A staff member's quota of courtesies ('Cortesias') for one event (
 * docs/rules/sale.md 'Courtesies'): they may issue at most `quota`; `used` counts what they issued, kept by the one
 * conditional UPDATE that issuing takes (services/orders/courtesy-quotas.ts). No row: no quota.
 */
export const courtesyQuotas = pgTable(
  'courtesy_quotas',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quota: integer('quota').notNull(),
    used: integer('used').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), check('courtesy_quotas_non_negative', sql`${t.quota} >= 0 AND ${t.used} >= 0`)],
);

/**
 * Who holds what of an event, kept by the database: per CPF ('cpf:<digits>') and per account
 * ('account:<user id>'), the units held (units of pending orders and valid tickets of paid ones,
 * each for its named holder's CPF, else the buyer's, and for the account that owns it) and, per
 * CPF, the meia-entrada units. Every change of who holds a ticket moves these counters in the
 * same transaction (services/orders/holdings-ledger.ts), and the CHECKs refuse what the rules
 * refuse under any concurrency: one meia per CPF (Lei 12.933/2013) and, where the event limits
 * tickets per CPF, no more than `unit_limit`, the event's limit when units were last added
 * (null: added outside the limit, a courtesy or a guest-list name). The sale decides first
 * (domain/sale.ts assertMayHold); these are its guard, as the unique index on check-ins is the door's.
 */
export const cpfHoldings = pgTable(
  'cpf_holdings',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    holder: text('holder').notNull(),
    units: integer('units').notNull().default(0),
    meias: integer('meias').notNull().default(0),
    unitLimit: integer('unit_limit'),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.holder] }),
    check('cpf_holdings_non_negative', sql`${t.units} >= 0 AND ${t.meias} >= 0`),
    check('cpf_holdings_one_meia', sql`${t.meias} <= 1`),
    check('cpf_holdings_within_limit', sql`${t.unitLimit} IS NULL OR ${t.units} <= ${t.unitLimit}`),
  ],
);

export const ticketTransferStatuses = ['pending', 'accepted', 'cancelled'] as const;

/**
 * A ticket sent to another person ('Transferir ingresso', docs/rules/transfers.md 'Transfers'): the
 * recipient accepts by the e-mail link (its token kept hashed) or in the app; on acceptance the
 * ticket gets a new code, owner and holder, and `oldCode` keeps the code the door now refuses as
 * 'ingresso transferido'. One pending transfer per ticket; the rows are the ticket's history.
 */
export const ticketTransfers = pgTable(
  'ticket_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    fromUserId: text('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromHolderName: text('from_holder_name'),
    toName: text('to_name').notNull(),
    toEmail: text('to_email').notNull(),
    toCpf: text('to_cpf'),
    toUserId: text('to_user_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status', { enum: ticketTransferStatuses }).notNull().default('pending'),
    oldCode: text('old_code'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('ticket_transfers_ticket_id_idx').on(t.ticketId),
    uniqueIndex('ticket_transfers_one_pending')
      .on(t.ticketId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('ticket_transfers_old_code').on(t.oldCode),
    index('ticket_transfers_to_email_idx').on(t.toEmail),
    check('ticket_transfers_status', sql`${t.status} IN ('pending', 'accepted', 'cancelled')`),
  ],
);

/**
 * An event's waiting room (docs/rules/waiting-room.md 'The on-sale'): it opens at `opensAt`; joins before
 * `onSaleAt` get a place drawn at random at the opening, later joins the next place. Places up to
 * `admittedThrough` have had their turn; the outflow moves it by at most `ratePerMinute` and keeps
 * at most `maxInside` passes live.
 */
export const waitingRooms = pgTable(
  'waiting_rooms',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    opensAt: ts('opens_at').notNull(),
    onSaleAt: ts('on_sale_at').notNull(),
    ratePerMinute: integer('rate_per_minute').notNull().default(600),
    maxInside: integer('max_inside').notNull().default(500),
    paused: boolean('paused').notNull().default(false),
    drawnAt: ts('drawn_at'),
    /** Places drawn or given so far (the next arrival after the draw gets placesGiven + 1). */
    placesGiven: integer('places_given').notNull().default(0),
    admittedThrough: integer('admitted_through').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('waiting_rooms_times', sql`${t.opensAt} <= ${t.onSaleAt}`),
    check(
      'waiting_rooms_rates',
      sql`${t.ratePerMinute} > 0 AND ${t.maxInside} > 0 AND ${t.admittedThrough} >= 0 AND ${t.placesGiven} >= 0`,
    ),
  ],
);

/** One account's place in a waiting room; `place` is null until the draw for a join before the on-sale. */
export const waitingRoomEntries = pgTable(
  'waiting_room_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The CPF (digits) the account joined with: one place per CPF, and the pass buys only under it. */
    cpf: text('cpf').notNull(),
    /** Drawn at the join, ordering the pre-opening joins at the draw. */
    randomKey: bigint('random_key', { mode: 'number' }).notNull(),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    place: integer('place'),
    /** When the place's turn came; the pass is valid for 10 minutes from then. */
    admittedAt: ts('admitted_at'),
    /** The device that claimed the pass: a second device cannot use it. */
    passDeviceId: text('pass_device_id'),
    /** When an order was placed with the pass. */
    passUsedAt: ts('pass_used_at'),
  },
  (t) => [
    uniqueIndex('waiting_room_entries_account').on(t.eventId, t.userId),
    uniqueIndex('waiting_room_entries_place').on(t.eventId, t.place),
    uniqueIndex('waiting_room_entries_cpf').on(t.eventId, t.cpf),
  ],
);
