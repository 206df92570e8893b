import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { events, sectors } from './catalog';
import { cashDrawers } from './sales';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The lots a block's units came from, in the order they were taken (domain/box-office.ts
 * blockUnitLots), with the full price each unit sells at (shared/block-pricing.ts; absent on blocks
 * reserved before it was kept: `unit_price_centavos`).
 */
export type BlockLotTake = { lotId: string; quantity: number; priceCentavos?: number };

/**
 * A block of stock a box-office device reserved up front ('Bilheteria',
 * docs/rules/box-office.md 'Blocks'): `size` units taken from one sector's lots when it was reserved (through
 * services/orders/inventory.ts holdUnits), sold on the device, online or offline, each sale
 * raising `used` by a conditional update that never passes `size`. Returning it gives the units
 * never sold back to the lots they came from (`returned_units`). `codes` are the signed ticket
 * codes issued with it (domain/ticket-code.ts), one per unit, so a device without network shows a
 * ticket's QR at once and the server issues that same code at the sync. Prices in centavos.
 */
export const boxOfficeBlocks = pgTable(
  'box_office_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sectorId: uuid('ticket_type_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    drawerId: uuid('drawer_id').references(() => cashDrawers.id, { onDelete: 'set null' }),
    operatorId: text('operator_id').references(() => users.id, { onDelete: 'set null' }),
    /** The device that reserved it (the random id the device keeps). */
    deviceId: text('device_id').notNull(),
    size: integer('size').notNull(),
    /** Units sold from it (box-office orders of any state); never above `size`. */
    used: integer('used').notNull().default(0),
    /**
     * Units kept for meia-entrada only: those the block took from the sector's meia reserve while it
     * held (counted in the sector's half_taken from the reservation on). Full-price and courtesy
     * units never use them (box_office_blocks_half_units).
     */
    meiaUnits: integer('half_units').notNull().default(0),
    /** Meia-entrada units sold from it. */
    meiaSold: integer('half_sold').notNull().default(0),
    /** The full price of its first unit at the box office when reserved (each unit's is in `lots`): the sector's door price, else its lot's price. */
    unitPriceCentavos: integer('unit_price_centavos').notNull(),
    lots: jsonb('lots').$type<BlockLotTake[]>().notNull(),
    codes: text('codes').array().notNull(),
    returnedUnits: integer('returned_units'),
    returnedAt: ts('returned_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('box_office_blocks_event_id_idx').on(t.eventId),
    index('box_office_blocks_drawer_id_idx').on(t.drawerId),
    check('box_office_blocks_used_within_size', sql`${t.size} > 0 AND ${t.used} >= 0 AND ${t.used} <= ${t.size}`),
    check(
      'box_office_blocks_half_units',
      sql`${t.meiaUnits} >= 0 AND ${t.meiaSold} >= 0 AND ${t.meiaSold} <= ${t.used} AND ${t.used} - ${t.meiaSold} <= ${t.size} - ${t.meiaUnits}`,
    ),
    check('box_office_blocks_price_non_negative', sql`${t.unitPriceCentavos} >= 0`),
    check(
      'box_office_blocks_returned',
      sql`(${t.returnedAt} IS NULL) = (${t.returnedUnits} IS NULL) AND (${t.returnedUnits} IS NULL OR ${t.used} + ${t.returnedUnits} = ${t.size})`,
    ),
  ],
);

/**
 * A box-office sale a device synced that could not be recorded (sold beyond its block, a code not
 * of the block, a meia CPF repeated, a courtesy without quota...): kept with the device's nonce,
 * the error code, its pt-BR message and what the device sent, so nothing sold is lost and the back
 * office sees it. Once per nonce: a replayed sync records it once.
 */
export const boxOfficeConflicts = pgTable(
  'box_office_conflicts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    blockId: uuid('block_id').references(() => boxOfficeBlocks.id, { onDelete: 'set null' }),
    drawerId: uuid('drawer_id').references(() => cashDrawers.id, { onDelete: 'set null' }),
    deviceNonce: text('device_nonce').notNull().unique(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('box_office_conflicts_event_id_idx').on(t.eventId)],
);

/**
 * The box office's share of a sector ('Cota da bilheteria'): at most `door_quota` units held in
 * blocks at once (units sold from them count, units returned do not); null or no row: no limit
 * beyond the sector's stock. The door's price is the sector's `door_price_centavos`.
 */
export const boxOfficeSectors = pgTable(
  'box_office_sectors',
  {
    sectorId: uuid('ticket_type_id')
      .primaryKey()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    doorQuota: integer('door_quota'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('box_office_sectors_quota_non_negative', sql`${t.doorQuota} IS NULL OR ${t.doorQuota} >= 0`)],
);
