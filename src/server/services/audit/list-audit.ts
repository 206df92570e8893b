import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { eventInstant, formatInstant } from '../../../shared/dates';
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditList,
  type ListAuditFilters,
  type ListAuditQuery,
} from '../../../shared/schemas/admin-audit';
import type { Db } from '../../db/client';
import {
  auditEntries,
  boxOfficeBlocks,
  cashDrawers,
  coupons,
  events,
  banners,
  guestLists,
  news,
  orders,
  profiles,
  refunds,
  ticketLots,
  sectors,
  users,
} from '../../db/schema';
import { csvFileName, toCsv } from '../../lib/csv';
import { actionLabel, changeLine, changesInWords, objectTypeLabel, recordedLotIds } from './describe-audit-entry';

/**
 * Who reads the history (docs/rules/access.md 'Who may see what'): an admin reads every entry with
 * its client address; a viewer limited to some events reads only the entries of those events,
 * without addresses.
 */
export type AuditViewer = { kind: 'admin' } | { kind: 'events'; eventIds: readonly string[] };

/** Most rows one CSV export holds; a longer history is narrowed with the filters first. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The calendar day after a 'yyyy-MM-dd' day. */
function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The person-level and event-level filters (what the 'Quem' choices and the context follow). */
function scopeConditions(viewer: AuditViewer, query: Pick<ListAuditQuery, 'eventId' | 'orderId' | 'personId'>): SQL[] {
  const where: SQL[] = [];
  if (viewer.kind === 'events') {
    where.push(viewer.eventIds.length > 0 ? inArray(auditEntries.eventId, [...viewer.eventIds]) : sql`false`);
  }
  if (query.eventId) where.push(eq(auditEntries.eventId, query.eventId));
  if (query.orderId) where.push(eq(auditEntries.orderId, query.orderId));
  if (query.personId) where.push(or(eq(auditEntries.subjectUserId, query.personId), eq(auditEntries.actorId, query.personId))!);
  return where;
}

/** Every filter of `query`, the cursor left out. Days are São Paulo days, both included. */
function filterConditions(viewer: AuditViewer, query: ListAuditQuery): SQL[] {
  const where = scopeConditions(viewer, query);
  if (query.actorId) where.push(eq(auditEntries.actorId, query.actorId));
  if (query.action) where.push(eq(auditEntries.action, query.action));
  if (query.from) where.push(sql`${auditEntries.at} >= ${eventInstant(query.from, '00:00').toISOString()}::timestamptz`);
  if (query.to) where.push(sql`${auditEntries.at} < ${eventInstant(nextDay(query.to), '00:00').toISOString()}::timestamptz`);
  return where;
}

const subjectProfiles = profiles;

/** The entries matching `where`, newest first (then by id), with the names the page shows. */
async function selectEntries(db: Db, where: SQL[], limit: number) {
  return db
    .select({
      entry: auditEntries,
      // The exact instant (microseconds), for the next page's cursor.
      atText: sql<string>`to_char(${auditEntries.at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      eventTitle: events.title,
      subjectName: sql<string | null>`coalesce(nullif(${subjectProfiles.fullName}, ''), nullif(${users.name}, ''), ${users.email})`,
    })
    .from(auditEntries)
    .leftJoin(events, eq(events.id, auditEntries.eventId))
    .leftJoin(users, eq(users.id, auditEntries.subjectUserId))
    .leftJoin(subjectProfiles, eq(subjectProfiles.id, auditEntries.subjectUserId))
    .where(and(...where))
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(limit);
}
type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

const shortId = (id: string) => `#${id.slice(0, 8)}`;
const ordinalLot = (position: number) => `${position}º lote`;

/**
 * The names of the objects of `rows`, by '<type>:<id>': a lot 'Pista 1º lote', a sector its name,
 * an event its title, a refund 'Pedido #1a2b3c4d', a drawer its operator's name, a block its sector, a
 * coupon its code, a list its name, a person their name. Objects gone since are not named here.
 */
async function objectNames(db: Db, rows: EntryRow[]): Promise<{ names: Map<string, string>; lotPositions: Map<string, number> }> {
  const idsOf = (...types: string[]) => [
    ...new Set(rows.filter((r) => types.includes(r.entry.objectType) && UUID.test(r.entry.objectId)).map((r) => r.entry.objectId)),
  ];
  const names = new Map<string, string>();
  const put = (types: string[], id: string, name: string) => types.forEach((type) => names.set(`${type}:${id}`, name));

  const lots = idsOf('lot');
  const sectorIds = idsOf('sector', 'ticket_type');
  const eventIds = idsOf('event', 'waiting_room');
  const newsIds = idsOf('news');
  const bannerIds = idsOf('banner');
  const refundIds = idsOf('refund');
  const drawers = idsOf('drawer', 'cash_drawer');
  const couponIds = idsOf('coupon');
  const lists = idsOf('guest_list');
  const blocks = idsOf('block');
  const lotPositions = new Map<string, number>();
  const savedLots = [...new Set(rows.flatMap((r) => recordedLotIds(r.entry.changes ?? {})).filter((id) => UUID.test(id)))];
  const people = [...new Set(rows.filter((r) => ['user', 'staff'].includes(r.entry.objectType)).map((r) => r.entry.objectId))];
  await Promise.all([
    lots.length > 0 &&
      db
        .select({ id: ticketLots.id, position: ticketLots.position, sector: sectors.name })
        .from(ticketLots)
        .innerJoin(sectors, eq(sectors.id, ticketLots.sectorId))
        .where(inArray(ticketLots.id, lots))
        .then((found) => found.forEach((l) => put(['lot'], l.id, `${l.sector} ${ordinalLot(l.position)}`))),
    sectorIds.length > 0 &&
      db
        .select({ id: sectors.id, name: sectors.name })
        .from(sectors)
        .where(inArray(sectors.id, sectorIds))
        .then((found) => found.forEach((s) => put(['sector', 'ticket_type'], s.id, s.name))),
    eventIds.length > 0 &&
      db
        .select({ id: events.id, title: events.title })
        .from(events)
        .where(inArray(events.id, eventIds))
        .then((found) => found.forEach((e) => put(['event', 'waiting_room'], e.id, e.title))),
    newsIds.length > 0 &&
      db
        .select({ id: news.id, title: news.title })
        .from(news)
        .where(inArray(news.id, newsIds))
        .then((found) => found.forEach((n) => put(['news'], n.id, n.title))),
    bannerIds.length > 0 &&
      db
        .select({ id: banners.id, title: banners.title })
        .from(banners)
        .where(inArray(banners.id, bannerIds))
        .then((found) => found.forEach((b) => put(['banner'], b.id, b.title))),
    refundIds.length > 0 &&
      db
        .select({ id: refunds.id, orderId: refunds.orderId })
        .from(refunds)
        .where(inArray(refunds.id, refundIds))
        .then((found) => found.forEach((r) => put(['refund'], r.id, `Pedido ${shortId(r.orderId)}`))),
    drawers.length > 0 &&
      db
        .select({
          id: cashDrawers.id,
          operator: sql<string | null>`coalesce(nullif(${profiles.fullName}, ''), nullif(${users.name}, ''), ${users.email})`,
        })
        .from(cashDrawers)
        .leftJoin(users, eq(users.id, cashDrawers.operatorId))
        .leftJoin(profiles, eq(profiles.id, cashDrawers.operatorId))
        .where(inArray(cashDrawers.id, drawers))
        .then((found) => found.forEach((d) => put(['drawer', 'cash_drawer'], d.id, d.operator ?? 'Sem operador'))),
    savedLots.length > 0 &&
      db
        .select({ id: ticketLots.id, position: ticketLots.position })
        .from(ticketLots)
        .where(inArray(ticketLots.id, savedLots))
        .then((found) => found.forEach((l) => lotPositions.set(l.id, l.position))),
    blocks.length > 0 &&
      db
        .select({ id: boxOfficeBlocks.id, sector: sectors.name })
        .from(boxOfficeBlocks)
        .innerJoin(sectors, eq(sectors.id, boxOfficeBlocks.sectorId))
        .where(inArray(boxOfficeBlocks.id, blocks))
        .then((found) => found.forEach((b) => put(['block'], b.id, b.sector))),
    couponIds.length > 0 &&
      db
        .select({ id: coupons.id, code: coupons.code })
        .from(coupons)
        .where(inArray(coupons.id, couponIds))
        .then((found) => found.forEach((c) => put(['coupon'], c.id, c.code))),
    lists.length > 0 &&
      db
        .select({ id: guestLists.id, name: guestLists.name })
        .from(guestLists)
        .where(inArray(guestLists.id, lists))
        .then((found) => found.forEach((l) => put(['guest_list'], l.id, l.name))),
    people.length > 0 &&
      db
        .select({
          id: users.id,
          name: sql<string>`coalesce(nullif(${profiles.fullName}, ''), nullif(${users.name}, ''), ${users.email})`,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(inArray(users.id, people))
        .then((found) => found.forEach((p) => put(['user', 'staff'], p.id, p.name))),
  ]);
  return { names, lotPositions };
}

/** The name an entry recorded for its object ('objectLabel', 'label', a string 'name' or 'title'), if any. */
function recordedName(changes: Record<string, unknown>): string | null {
  for (const field of ['objectLabel', 'label', 'name', 'title']) {
    const value = changes[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'object' && value && 'after' in value) {
      const { before, after } = value as { before: unknown; after: unknown };
      const name = typeof after === 'string' && after.trim() ? after : typeof before === 'string' ? before : null;
      if (name?.trim()) return name.trim();
    }
  }
  return null;
}

function toEntry(row: EntryRow, viewer: AuditViewer, { names, lotPositions }: Awaited<ReturnType<typeof objectNames>>): AuditEntry {
  const { entry } = row;
  const changes = entry.changes ?? {};
  const type = entry.objectType;
  // An invitation is named by its e-mail (docs/rules/audit.md 'What is never recorded': e-mails where the action is about that person).
  const label =
    names.get(`${type}:${entry.objectId}`) ??
    recordedName(changes) ??
    (type === 'staff_invitation' ? entry.objectId : shortId(entry.objectId));
  return {
    id: String(entry.id),
    at: entry.at.toISOString(),
    actor: { id: entry.actorId, label: entry.actorLabel },
    ip: viewer.kind === 'admin' ? entry.ip : null,
    action: { code: entry.action, label: actionLabel(entry.action) },
    object: { type, typeLabel: objectTypeLabel(type), id: entry.objectId, label },
    event: entry.eventId && row.eventTitle !== null ? { id: entry.eventId, title: row.eventTitle } : null,
    orderId: entry.orderId,
    subject: entry.subjectUserId ? { id: entry.subjectUserId, name: row.subjectName ?? 'Conta removida' } : null,
    changes: changesInWords(changes, { lotPositions }),
    recorded: changes,
  };
}

/** Who acted in the entries the scope leaves, by name (at most 200), for the 'Quem' filter. */
async function listActors(db: Db, where: SQL[]) {
  const label = sql<string>`max(${auditEntries.actorLabel})`;
  const rows = await db
    .select({ id: auditEntries.actorId, label })
    .from(auditEntries)
    .where(and(...where, isNotNull(auditEntries.actorId)))
    .groupBy(auditEntries.actorId)
    .orderBy(asc(label))
    .limit(200);
  return rows.map((r) => ({ id: r.id!, label: r.label }));
}

/** What the event, order and person filters name. */
async function readContext(db: Db, viewer: AuditViewer, query: ListAuditQuery): Promise<AuditList['context']> {
  const visible = (eventId: string) => viewer.kind === 'admin' || viewer.eventIds.includes(eventId);
  const [event] = query.eventId
    ? await db.select({ id: events.id, title: events.title }).from(events).where(eq(events.id, query.eventId))
    : [];
  const [order] = query.orderId
    ? await db
        .select({ id: orders.id, buyerName: orders.buyerName, eventId: orders.eventId, eventTitle: events.title })
        .from(orders)
        .innerJoin(events, eq(events.id, orders.eventId))
        .where(eq(orders.id, query.orderId))
    : [];
  const [person] =
    query.personId && viewer.kind === 'admin'
      ? await db
          .select({
            id: users.id,
            name: sql<string>`coalesce(nullif(${profiles.fullName}, ''), nullif(${users.name}, ''), ${users.email})`,
            email: users.email,
          })
          .from(users)
          .leftJoin(profiles, eq(profiles.id, users.id))
          .where(eq(users.id, query.personId))
      : [];
  return {
    event: event && visible(event.id) ? event : null,
    order: order && visible(order.eventId) ? { id: order.id, buyerName: order.buyerName, eventTitle: order.eventTitle } : null,
    person: person ?? null,
  };
}

/**
 * 'Histórico' (docs/screens.md 'Histórico'): the audit trail's entries matching `filters`
 * (listAuditQuerySchema: event, order, person as subject or actor, actor, action, São Paulo days
 * from/to included), newest first, `limit` entries (default AUDIT_PAGE_SIZE, at most 200) after
 * `cursor`; with the next page's cursor (null on the last), who acted in the event/order/person
 * scope (for 'Quem') and the names those filters point at. An admin viewer sees every entry and
 * its client address; an events viewer only the entries of its events and no address. Instants UTC
 * ISO 8601, amounts in the words of describe-audit-entry.ts. Never throws for an unknown id: the
 * list is empty.
 */
export async function listAudit(db: Db, viewer: AuditViewer, filters: ListAuditFilters): Promise<AuditList> {
  const query = { ...filters, limit: filters.limit ?? AUDIT_PAGE_SIZE } as ListAuditQuery;
  const [page, actors, context] = await Promise.all([
    readPage(db, viewer, query),
    listActors(db, scopeConditions(viewer, query)),
    readContext(db, viewer, query),
  ]);
  return { ...page, actors, context };
}

/** One page of entries after `query.cursor`, and the cursor of the next one. */
async function readPage(db: Db, viewer: AuditViewer, query: ListAuditQuery): Promise<Pick<AuditList, 'entries' | 'nextCursor'>> {
  const where = filterConditions(viewer, query);
  if (query.cursor) {
    const [at, id] = query.cursor.split('~');
    where.push(sql`(${auditEntries.at}, ${auditEntries.id}) < (${at}::timestamptz, ${Number(id)})`);
  }
  const rows = await selectEntries(db, where, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const names = await objectNames(db, page);
  const last = page.at(-1);
  return {
    entries: page.map((row) => toEntry(row, viewer, names)),
    nextCursor: rows.length > query.limit && last ? `${last.atText}~${last.entry.id}` : null,
  };
}

/** 'dd/mm/aaaa HH:mm' in São Paulo. */
const csvInstant = (iso: string) => formatInstant(iso).replace(' às ', ' ');

/**
 * 'Baixar CSV' of 'Histórico' (lib/csv.ts: Excel in pt-BR): every entry matching `filters` (cursor
 * and limit ignored), newest first, at most AUDIT_CSV_MAX_ROWS. Columns 'Data e hora' (São Paulo,
 * dd/mm/aaaa HH:mm), 'Quem', 'Ação' (its label), 'Evento', 'Objeto' ('Lote: Pista 1º lote'),
 * 'Pessoa', 'Alterações' ('Preço: R$ 80,00 → R$ 90,00; …'), and 'IP' for an admin only. File
 * 'historico-<event, person or "geral">.csv'.
 */
export async function auditCsv(db: Db, viewer: AuditViewer, filters: ListAuditFilters): Promise<{ csv: string; fileName: string }> {
  const header = ['Data e hora', 'Quem', 'Ação', 'Evento', 'Objeto', 'Pessoa', 'Alterações', ...(viewer.kind === 'admin' ? ['IP'] : [])];
  const lines: string[][] = [header];
  const query = { ...filters, cursor: undefined, limit: 1000 } as ListAuditQuery;
  const context = await readContext(db, viewer, query);
  let cursor: string | undefined;
  do {
    const page = await readPage(db, viewer, { ...query, cursor });
    for (const entry of page.entries) {
      lines.push([
        csvInstant(entry.at),
        entry.actor.label,
        entry.action.label,
        entry.event?.title ?? '',
        `${entry.object.typeLabel}: ${entry.object.label}`,
        entry.subject?.name ?? '',
        entry.changes.map(changeLine).join('; '),
        ...(viewer.kind === 'admin' ? [entry.ip ?? ''] : []),
      ]);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor && lines.length <= AUDIT_CSV_MAX_ROWS);
  const about = context.event?.title ?? context.person?.name ?? (context.order ? `pedido-${context.order.id.slice(0, 8)}` : 'geral');
  return { csv: toCsv(lines.slice(0, AUDIT_CSV_MAX_ROWS + 1)), fileName: csvFileName('historico', about) };
}
