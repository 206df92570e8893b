import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  uniqueIndex,
  real,
  text,
  time,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The three brands: next-level, ay-yo, kxp. */
export const brands = pgTable('brands', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  tagline: text('tagline').notNull(),
  description: text('description').notNull(),
  accentColor: text('accent_color').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** The brand page's cover and logo (uploaded images' URLs); null: the brand's gradient and initials. */
  coverUrl: text('cover_url'),
  logoUrl: text('logo_url'),
  /**
   * The brand's own figures on the home ('50+ Eventos'): [{ value, label }], edited in the back
   * office; null: the default figures (shared/home-hero.ts; docs/rules/content.md 'Brand figures').
   */
  figures: jsonb('figures').$type<{ value: string; label: string }[]>(),
  /**
   * The brand's social profiles, in the order the brand page shows them: [{ network, url }],
   * `network` one of shared/brand-links.ts's networks, `url` an https address (docs/rules/content.md
   * 'Brand pages'); empty: none shown.
   */
  socialLinks: jsonb('social_links')
    .$type<{ network: string; url: string }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

/**
 * docs/data-model.md 'Events'. The date is a real calendar date and the times are wall-clock
 * times in America/Sao_Paulo (docs/rules/money-and-dates.md 'Event dates and times').
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandSlug: text('brand_slug').references(() => brands.slug),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time'),
    location: text('location').notNull(),
    fullAddress: text('full_address'),
    city: text('city'),
    capacity: integer('capacity'),
    category: text('category').notNull(),
    imageUrl: text('image_url'),
    rating: real('rating'),
    isPublished: boolean('is_published').notNull().default(true),
    /**
     * Whether the meia-entrada law's 40 % reserve applies (Lei 12.933/2013: it does to every paid
     * event of culture and entertainment); off only for an event outside it (a free one, a private
     * one): then nothing is sold at half price.
     */
    meiaEntrada: boolean('meia_entrada').notNull().default(true),
    /** Most tickets one order may take (docs/rules/sale.md 'Limits per order and per CPF'); null: only the per-type limit. */
    maxTicketsPerOrder: integer('max_tickets_per_order'),
    /** Most tickets one CPF may hold for the event, counting pending and paid orders; null: no limit. */
    maxTicketsPerCpf: integer('max_tickets_per_cpf'),
    /** The service fee ('taxa de serviço') per ticket in basis points of what is paid for it (1000 = 10 %); 0: none. */
    serviceFeeBasisPoints: integer('service_fee_basis_points').notNull().default(0),
    /** Least and most fee per ticket in centavos; null: no bound. */
    serviceFeeMinCentavos: integer('service_fee_min_centavos'),
    serviceFeeMaxCentavos: integer('service_fee_max_centavos'),
    /** The organizer absorbs the fee: the buyer pays only the ticket, the fee comes out of the organizer's net. */
    serviceFeeAbsorbed: boolean('service_fee_absorbed').notNull().default(false),
    /**
     * The fee also goes back on refunds outside the cases the law names. It always goes back on
     * the withdrawal (CDC art. 49: within 7 days of the purchase, while the event is more than
     * 48 hours away) and on the event's cancellation; otherwise the organizer's policy decides
     * (domain/refunds isFeeRefunded).
     */
    serviceFeeRefundable: boolean('service_fee_refundable').notNull().default(false),
    /** When the followers of its brand were told of it (the first time it was published and upcoming); null before. */
    announcedAt: ts('announced_at'),
    /** Set when the organizer cancels the event: sales stop, paid orders are refunded, tickets stop admitting. */
    cancelledAt: ts('cancelled_at'),
    /**
     * When its date, time or venue last changed: every buyer who paid before may then withdraw on
     * their own, fee included, for 7 days (domain/refunds withdrawalDeadline). Null: never changed.
     */
    changedAt: ts('changed_at'),
    /** Tickets are nominal: each holder's CPF is asked at checkout and at a transfer (docs/rules/transfers.md 'Named tickets'). */
    nominal: boolean('nominal').notNull().default(false),
    /** Buyers may transfer tickets ('Transferir ingresso') until `transferDeadlineHours` before the start. */
    transferAllowed: boolean('transfer_allowed').notNull().default(true),
    transferDeadlineHours: integer('transfer_deadline_hours').notNull().default(24),
    /** The QR shown in 'Meus ingressos' rotates every 30 s (a TOTP over each ticket's secret); screenshots stop working. */
    rotatingQr: boolean('rotating_qr').notNull().default(false),
    /** Exit scans: a ticket that scanned out may scan in again, and the live count is people inside. */
    exitScans: boolean('exit_scans').notNull().default(false),
    /** ECAD's share for the borderô's estimate, in basis points of the ticket receipts net of refunds: 1000 (live music) or 1500 (recorded music, DJ sets). */
    ecadBasisPoints: integer('ecad_basis_points').notNull().default(1000),
    /** The set list attached to the ECAD report, one song or set per line. */
    setList: text('set_list'),
    /**
     * Minutes a waiting-list offer is held for its person ('Lista de espera'); null: 30 on the
     * sector's on-sale day, 720 otherwise (domain/waitlist.ts offerHoldMinutes).
     */
    waitlistOfferMinutes: integer('waitlist_offer_minutes'),
    /**
     * The age rating ('Classificação indicativa', ECA art. 74 and the Ministério da Justiça's
     * Portaria 502/2021): 'L' (livre), '10', '12', '14', '16' or '18'; null: not informed.
     * `minorsAccompanied`: younger people may enter with a parent or guardian.
     */
    ageRating: text('age_rating'),
    minorsAccompanied: boolean('minors_accompanied').notNull().default(false),
    /**
     * The venue's accessibility resources (Decreto 9.404/2018; Lei 13.146/2015 art. 44):
     * { resources: ids of shared/event-info.ts's list, contact: who to ask, or null }; null: not informed.
     */
    accessibility: jsonb('accessibility').$type<{ resources: string[]; contact: string | null }>(),
    /** Policy lines shown on the event page ('Água potável gratuita', 'Proibida a entrada com...'), in order. */
    policies: jsonb('policies')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The co-producers and their share of the net, in basis points summing to at most 10000. */
    coProducers: jsonb('co_producers')
      .$type<{ name: string; shareBasisPoints: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('events_date_idx').on(t.date),
    check('events_ecad_rate', sql`${t.ecadBasisPoints} IN (1000, 1500)`),
    check('events_capacity_positive', sql`${t.capacity} IS NULL OR ${t.capacity} > 0`),
    check(
      'events_limits_positive',
      sql`(${t.maxTicketsPerOrder} IS NULL OR ${t.maxTicketsPerOrder} > 0) AND (${t.maxTicketsPerCpf} IS NULL OR ${t.maxTicketsPerCpf} > 0)`,
    ),
    check(
      'events_service_fee_range',
      sql`${t.serviceFeeBasisPoints} BETWEEN 0 AND 10000 AND (${t.serviceFeeMinCentavos} IS NULL OR ${t.serviceFeeMinCentavos} >= 0) AND (${t.serviceFeeMaxCentavos} IS NULL OR ${t.serviceFeeMaxCentavos} >= coalesce(${t.serviceFeeMinCentavos}, 0))`,
    ),
    check('events_waitlist_offer_minutes', sql`${t.waitlistOfferMinutes} IS NULL OR ${t.waitlistOfferMinutes} BETWEEN 5 AND 10080`),
    check('events_transfer_deadline_non_negative', sql`${t.transferDeadlineHours} >= 0`),
    check('events_rating_range', sql`${t.rating} IS NULL OR (${t.rating} >= 0 AND ${t.rating} <= 5)`),
  ],
);

/**
 * One session of an event with several (a festival's days, a workshop's time slots;
 * docs/rules/sessions.md 'Sessions'): its date, times (wall clock, America/Sao_Paulo) and capacity. An
 * event without sessions has its one date. The door admits a ticket once per session.
 */
export const eventSessions = pgTable(
  'event_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time'),
    capacity: integer('capacity'),
    position: integer('position').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_sessions_event_position').on(t.eventId, t.position),
    check('event_sessions_capacity_positive', sql`${t.capacity} IS NULL OR ${t.capacity} > 0`),
  ],
);

/**
 * The sessions a sector admits to (a 3-day pass: three rows; a Saturday ticket: one). A sector of
 * an event with sessions and no row here admits to every session.
 */
export const sectorSessions = pgTable(
  'ticket_type_sessions',
  {
    sectorId: uuid('ticket_type_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => eventSessions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.sectorId, t.sessionId] }), index('ticket_type_sessions_session_idx').on(t.sessionId)],
);

/**
 * A sector of an event (once called the `tickets` table, docs/glossary.md; 'Pista', 'Camarote', 'Passaporte'): its price
 * and stock live in its lots (ticketLots). `remaining` is the sum of its lots' `remaining` and
 * `meiaTaken` the half-price units held or sold that count against the meia-entrada reserve; both
 * are moved only by services/orders/inventory.ts, in the transaction that moves the lots.
 */
export const sectors = pgTable(
  'ticket_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    remaining: integer('remaining').notNull(),
    meiaTaken: integer('half_taken').notNull().default(0),
    /** The sector's sales window (UTC); null: open from publication / until the event. */
    salesStartAt: ts('sales_start_at'),
    salesEndAt: ts('sales_end_at'),
    /** Pre-sale: shown and sold only to a buyer with a code that unlocks it (coupons.unlocks_ticket_type_id). */
    hiddenWithoutCode: boolean('hidden_without_code').notNull().default(false),
    /** The price at the box office ('Bilheteria'), in centavos; null: the current lot's price, as online. */
    doorPriceCentavos: integer('door_price_centavos'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ticket_types_event_id_idx').on(t.eventId),
    check('ticket_types_remaining_non_negative', sql`${t.remaining} >= 0`),
    check('ticket_types_half_taken_non_negative', sql`${t.meiaTaken} >= 0`),
  ],
);

/**
 * One lot of a sector ('1º lote', '2º lote'): its price, how many units it sells (`quantity`,
 * grown by the units an ended lot rolls into it) and how many are left. Exactly one lot of a
 * sector is on sale at a time (domain/lots.ts currentLot): the earliest by `position` that has not
 * ended and has units. Moved only by services/orders/inventory.ts.
 */
export const ticketLots = pgTable(
  'ticket_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sectorId: uuid('ticket_type_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    /** 1, 2, 3...: the lot's turn, and its name ('2º lote'). */
    position: integer('position').notNull(),
    priceCentavos: integer('price_centavos').notNull(),
    quantity: integer('quantity').notNull(),
    remaining: integer('remaining').notNull(),
    /** The lot opens no sooner than this and ends at `endsAt` (UTC); null: no bound. */
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_lots_type_position').on(t.sectorId, t.position),
    check('ticket_lots_position_positive', sql`${t.position} >= 1`),
    check('ticket_lots_price_non_negative', sql`${t.priceCentavos} >= 0`),
    check('ticket_lots_stock', sql`${t.remaining} >= 0 AND ${t.quantity} >= 0`),
  ],
);

export const userFavorites = pgTable(
  'user_favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] })],
);

/**
 * The brands a user follows (settings and brand pages): with 'Novidades das marcas' on, each new
 * event of a followed brand reaches them as a 'promotion' notification (docs/rules/notifications.md 'Brand news').
 */
export const brandFollows = pgTable(
  'brand_follows',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandSlug: text('brand_slug')
      .notNull()
      .references(() => brands.slug, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.brandSlug] }), index('brand_follows_brand_slug_idx').on(t.brandSlug)],
);

export const news = pgTable('news', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  preview: text('preview').notNull(),
  content: text('content'),
  category: text('category').notNull(),
  imageUrl: text('image_url'),
  published: boolean('published').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const banners = pgTable('banners', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  imageUrl: text('image_url').notNull(),
  linkUrl: text('link_url'),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
