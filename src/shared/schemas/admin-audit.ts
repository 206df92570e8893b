import { z } from 'zod';
import '../zod-locale';
import { auditActions } from '../audit-actions';
import { isCalendarDay } from './fields';

/** Entries per page of 'Histórico' when the request names none; at most AUDIT_PAGE_MAX. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (message: string) =>
  z
    .string(message)
    .regex(UUID, message)
    .transform((value) => value.toLowerCase());
/** An account id as better-auth writes it, or the pseudonym of a deleted one ('removido:' and a hash, docs/rules/audit.md 'Deleted accounts'). */
const accountId = (message: string) => z.string(message).regex(/^[A-Za-z0-9_:-]{1,128}$/, message);
const day = (message: string) => z.string(message).refine(isCalendarDay, message);
/** A page mark: the instant and id of the last entry of the page before, '<UTC ISO>~<id>'. */
const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z~\d{1,18}$/;

/**
 * Query of GET /api/admin/audit and /api/admin/audit.csv: every filter optional and combined with
 * AND. `personId` matches the account the action concerns or the one that acted; `actorId` only
 * the one that acted. `from` and `to` are São Paulo calendar days, both included. `cursor` is the
 * `nextCursor` of the page before; `limit` 1 to AUDIT_PAGE_MAX (the CSV ignores both).
 */
export const listAuditQuerySchema = z
  .object({
    eventId: uuid('Evento inválido').optional(),
    orderId: uuid('Pedido inválido').optional(),
    personId: accountId('Pessoa inválida').optional(),
    actorId: accountId('Quem fez inválido').optional(),
    action: z.enum(auditActions, 'Ação inválida').optional(),
    from: day('Data inicial inválida').optional(),
    to: day('Data final inválida').optional(),
    cursor: z.string('Página inválida').regex(CURSOR, 'Página inválida').optional(),
    limit: z.coerce
      .number('Quantidade inválida')
      .int('Quantidade inválida')
      .min(1, 'Quantidade inválida')
      .max(AUDIT_PAGE_MAX, `No máximo ${AUDIT_PAGE_MAX} registros por página`)
      .default(AUDIT_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'A data final deve ser depois da inicial', path: ['to'] });
export type ListAuditQuery = z.infer<typeof listAuditQuerySchema>;
export type ListAuditFilters = z.input<typeof listAuditQuerySchema>;

/** One change of an entry as people read it: 'Preço: R$ 80,00 → R$ 90,00', or a fact, 'Valor: R$ 50,00'. */
export const auditChangeSchema = z.object({
  label: z.string(),
  before: z.string().nullable(),
  after: z.string(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** One entry of 'Histórico'. Instants UTC ISO 8601. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Who acted as the entry recorded it: a name, 'Sistema', or the pseudonym of a deleted account. */
  actor: z.object({ id: z.string().nullable(), label: z.string() }),
  /** The client address of the request; null for anyone but an admin, or when none was recorded. */
  ip: z.string().nullable(),
  action: z.object({ code: z.string(), label: z.string() }),
  /** What was acted on: its kind in words ('Lote', 'Pedido') and, when known, its name ('Pista 1º lote'). */
  object: z.object({ type: z.string(), typeLabel: z.string(), id: z.string(), label: z.string() }),
  event: z.object({ id: z.string(), title: z.string() }).nullable(),
  orderId: z.string().nullable(),
  subject: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The changes in words, then the stored facts as recorded ({ field: { before, after } } or values). */
  changes: z.array(auditChangeSchema),
  recorded: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/audit: a page of entries, newest first, and what the filters offer. */
export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** The `cursor` of the next page; null on the last. */
  nextCursor: z.string().nullable(),
  /** Who acted in the entries the event, order or person filter leaves (the 'Quem' filter), by name. */
  actors: z.array(z.object({ id: z.string(), label: z.string() })),
  /** What the event, order and person filters name, for the page's title; null when not filtered or not found. */
  context: z.object({
    event: z.object({ id: z.string(), title: z.string() }).nullable(),
    order: z.object({ id: z.string(), buyerName: z.string(), eventTitle: z.string() }).nullable(),
    person: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  }),
});
export type AuditList = z.infer<typeof auditListSchema>;
