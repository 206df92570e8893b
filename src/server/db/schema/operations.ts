import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The audit trail ('Histórico', docs/rules/audit.md): one append-only row per back-office,
 * box-office, manual door or money action, written in the transaction of the change. Never
 * updated but to pseudonymise the actor when the account is deleted, never deleted.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    /** The account that acted; null for the system (jobs, webhooks) or once pseudonymised. */
    actorId: text('actor_id'),
    /** Who acted, as the history shows it: the name at the time, or 'Sistema', or the pseudonym after deletion. */
    actorLabel: text('actor_label').notNull(),
    /** The client address of the request, when the action came from one. */
    ip: text('ip'),
    /** The request id (`X-Request-Id`) of the request that acted. */
    requestId: text('request_id'),
    /** What was done, a code of `src/shared/audit-actions.ts` (e.g. 'refund.approved'). */
    action: text('action').notNull(),
    /** The kind and id of the object acted on ('order', 'lot', 'drawer', …). */
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    /** The event, order and person the action concerns, for the per-event, per-order and per-person views. */
    eventId: uuid('event_id'),
    orderId: uuid('order_id'),
    subjectUserId: text('subject_user_id'),
    /** Fields touched: { field: { before, after } }; or facts of the action ({ amountCents: … }). */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_entries_event_idx').on(t.eventId, t.at),
    index('audit_entries_order_idx').on(t.orderId, t.at),
    index('audit_entries_subject_idx').on(t.subjectUserId, t.at),
    index('audit_entries_actor_idx').on(t.actorId, t.at),
  ],
);

/**
 * Idempotency keys (docs/rules/idempotency.md): the first answer to a POST sent with an
 * `Idempotency-Key`, kept 24 h, so a retry answers the same and changes nothing.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key: the account id, or 'anon:' and a keyed hash of the client address. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** Method and route pattern ('POST /api/orders'). */
    route: text('route').notNull(),
    /** SHA-256 of the request body (and the route's params), hex. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is in flight. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Access records (Lei 12.965/2014, Marco Civil da Internet, art. 15; docs/rules/accounts-and-data.md
 * 'Access records'): the IP, date and time of each sign-in and authenticated access, kept six
 * months under secrecy, then purged. Not erased with the account (a legal obligation).
 */
export const accessRecords = pgTable(
  'access_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    ip: text('ip').notNull(),
    /** UTC. */
    at: ts('at').notNull().defaultNow(),
    /** 'sign_in' or 'request'. */
    kind: text('kind').notNull(),
  },
  (t) => [index('access_records_user_idx').on(t.userId, t.at), index('access_records_at_idx').on(t.at)],
);
