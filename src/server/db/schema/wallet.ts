import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tickets } from './sales';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A device that added a ticket's Apple Wallet pass and asked to hear of its changes (Apple's
 * 'Wallet Web Service': POST /v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber};
 * docs/rules/tickets.md 'Wallet passes'). The serial number is the ticket's id; the push token is
 * what APNs would be sent to. Removed when the device unregisters or the ticket is deleted.
 */
export const walletPassRegistrations = pgTable(
  'wallet_pass_registrations',
  {
    deviceLibraryId: text('device_library_id').notNull(),
    passTypeId: text('pass_type_id').notNull(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    pushToken: text('push_token').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceLibraryId, t.passTypeId, t.ticketId] }),
    index('wallet_pass_registrations_ticket_idx').on(t.ticketId),
  ],
);

/**
 * What a ticket's wallet pass last showed (a fingerprint of its fields: title, date, venue, sector,
 * holder, code, whether voided) and since when (UTC): the 'updated since' tag of Apple's web
 * service and the pass's Last-Modified. A change of any field moves `updatedAt` the next time the
 * pass is built or a device asks (services/wallet/pass-version.ts), so tickets need no column of their own.
 */
export const walletPassVersions = pgTable('wallet_pass_versions', {
  ticketId: uuid('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  fingerprint: text('fingerprint').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
