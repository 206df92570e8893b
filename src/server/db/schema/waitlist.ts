import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { events, ticketLots, sectors } from './catalog';
import { orders } from './sales';
import { waitlistEntryStatuses, waitlistOfferStatuses } from '../../../shared/schemas/waitlist';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One person waiting for a sold-out sector ('Lista de espera', docs/rules/waiting-list.md 'Joining'
 * night'): how many units they want and their turn (`seq`, the order they joined). `waiting` until
 * units freed later are offered to them (`offered`), then `purchased` when they buy the offer,
 * `expired` when it runs out unbought; `left` when they leave the list. One active entry
 * (waiting or offered) per account and sector.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The turn: entries are offered units in this order (domain/waitlist.ts allotFreedUnits). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sectorId: uuid('ticket_type_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: waitlistEntryStatuses }).notNull().default('waiting'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('waitlist_entries_waiting_idx')
      .on(t.sectorId, t.seq)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_entries_user_idx').on(t.userId),
    uniqueIndex('waitlist_entries_one_active')
      .on(t.userId, t.sectorId)
      .where(sql`${t.status} IN ('waiting', 'offered')`),
    check('waitlist_entries_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Units freed in a sold-out sector held for one waiting entry, out of public sale: they left the
 * lot's `remaining` (services/orders/inventory.ts returnUnits offers them instead of putting them
 * back), so for every lot sold + held by pending orders + in open offers + remaining = quantity.
 * `open` until `expiresAt`; `taken` by the order its person placed with it (`orderId`), or
 * `expired` (its units went to the next in line or back on sale). Price in centavos: the lot's.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sectorId: uuid('ticket_type_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => ticketLots.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    unitPriceCentavos: integer('unit_price_centavos').notNull(),
    status: text('status', { enum: waitlistOfferStatuses }).notNull().default('open'),
    expiresAt: ts('expires_at').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('waitlist_offers_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    index('waitlist_offers_ticket_type_idx').on(t.sectorId),
    index('waitlist_offers_user_idx').on(t.userId),
    uniqueIndex('waitlist_offers_one_per_entry').on(t.entryId),
    check('waitlist_offers_quantity_positive', sql`${t.quantity} > 0`),
    check('waitlist_offers_price_non_negative', sql`${t.unitPriceCentavos} >= 0`),
  ],
);
