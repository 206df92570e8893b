import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { events, ticketLots, sectors } from './catalog';
import { orders, tickets } from './sales';
import { guestListAfterKinds, guestEntrySources } from '../../../shared/schemas/guest-lists';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A guest list of an event ('Lista amiga', docs/rules/guest-lists.md 'Lists'), owned by a
 * promoter or a staff member: at most `quota` names, added by the owner or by the guests through
 * the list's link (`token`) until `closes_at` (UTC). Its names enter as the sector
 * `ticket_type_id` ('Pista'): each name holds one unit of that sector's stock while on the list
 * (services/guest-lists/add-guest-entry.ts), so names count in the sector and in the event's
 * capacity like sold tickets. The rule (domain/guest-list.ts): free until `free_until` (UTC),
 * then by `after_kind`: 'free' (free all night), 'price' (`after_price_centavos`), or 'discount'
 * (`discount_percent` off the reference price `after_price_centavos`). `entries_count` is the
 * number of names, raised by a conditional update that never passes `quota` (and a CHECK).
 */
export const guestLists = pgTable(
  'guest_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sectorId: uuid('ticket_type_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    quota: integer('quota').notNull(),
    entriesCount: integer('entries_count').notNull().default(0),
    freeUntil: ts('free_until').notNull(),
    afterKind: text('after_kind', { enum: guestListAfterKinds }).notNull(),
    afterPriceCentavos: integer('after_price_centavos'),
    discountPercent: integer('discount_percent'),
    closesAt: ts('closes_at').notNull(),
    /** The random secret of the list's link (/lista/<token>). */
    token: text('token').notNull().unique(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('guest_lists_event_id_idx').on(t.eventId),
    index('guest_lists_owner_id_idx').on(t.ownerId),
    check('guest_lists_quota', sql`${t.quota} > 0 AND ${t.entriesCount} >= 0 AND ${t.entriesCount} <= ${t.quota}`),
    check(
      'guest_lists_rule',
      sql`(${t.afterKind} = 'free' AND ${t.afterPriceCentavos} IS NULL AND ${t.discountPercent} IS NULL)
        OR (${t.afterKind} = 'price' AND ${t.afterPriceCentavos} > 0 AND ${t.discountPercent} IS NULL)
        OR (${t.afterKind} = 'discount' AND ${t.afterPriceCentavos} > 0 AND ${t.discountPercent} BETWEEN 1 AND 100)`,
    ),
  ],
);

/**
 * One name on a guest list: name, e-mail (lower case) and CPF (digits; required when the guest
 * signs up through the link, optional when the owner adds it), where it came from, the unit of
 * stock it holds (`ticket_type_id`, `lot_id`), and once the door admits it, the ticket issued for
 * it (`ticket_id`, `order_id`) and when (`admitted_at`, UTC). One CPF per list.
 */
export const guestListEntries = pgTable(
  'guest_list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => guestLists.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    cpf: text('cpf'),
    source: text('source', { enum: guestEntrySources }).notNull(),
    sectorId: uuid('ticket_type_id').references(() => sectors.id, { onDelete: 'set null' }),
    lotId: uuid('lot_id').references(() => ticketLots.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    admittedAt: ts('admitted_at'),
    admittedBy: text('admitted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('guest_list_entries_list_id_idx').on(t.listId),
    index('guest_list_entries_event_id_idx').on(t.eventId),
    uniqueIndex('guest_list_entries_cpf_per_list')
      .on(t.listId, t.cpf)
      .where(sql`${t.cpf} IS NOT NULL`),
  ],
);
