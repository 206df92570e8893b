import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
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
});

/**
 * SPEC.md section 3 'events'. The date is a real calendar date and the times are wall-clock
 * times in America/Sao_Paulo (PRODUCT.md 'Money, dates, text').
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
    /** When the followers of its brand were told of it (the first time it was published and upcoming); null before. */
    announcedAt: ts('announced_at'),
    /** Set when the organizer cancels the event: sales stop, paid orders are refunded, tickets stop admitting. */
    cancelledAt: ts('cancelled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('events_date_idx').on(t.date),
    check('events_capacity_positive', sql`${t.capacity} IS NULL OR ${t.capacity} > 0`),
    check('events_rating_range', sql`${t.rating} IS NULL OR (${t.rating} >= 0 AND ${t.rating} <= 5)`),
  ],
);

/** SPEC.md's `tickets` table: price and stock of one kind of admission. */
export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    priceCentavos: integer('price_centavos').notNull(),
    remaining: integer('remaining').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ticket_types_event_id_idx').on(t.eventId),
    check('ticket_types_price_non_negative', sql`${t.priceCentavos} >= 0`),
    check('ticket_types_remaining_non_negative', sql`${t.remaining} >= 0`),
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
 * event of a followed brand reaches them as a 'promotion' notification (PRODUCT.md 'Accounts and data').
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
