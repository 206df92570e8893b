import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { EventSessionsResponse, SaveEventSessionsInput } from '../../../shared/schemas/sessions';
import type { Db, Tx } from '../../db/client';
import { checkIns, eventSessions, events, sectorSessions, sectors } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { diffFields } from '../audit/diff-fields';

const hhmm = (time: string | null) => (time ? time.slice(0, 5) : null);

/**
 * An event's sessions in order (times 'HH:mm'), whether its door scans exits, and per sector (in
 * the page's order) the ids of the sessions it covers (empty: every session). With `publishedOnly`
 * (the public event page), a draft reads as no event. Throws DomainError('event_not_found').
 */
export async function getEventSessions(
  db: Db | Tx,
  eventId: string,
  options: { publishedOnly?: boolean } = {},
): Promise<EventSessionsResponse> {
  const [event] = await db
    .select({ exitScans: events.exitScans, isPublished: events.isPublished })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event || (options.publishedOnly && !event.isPublished)) throw new DomainError('event_not_found');
  const sessions = await db.select().from(eventSessions).where(eq(eventSessions.eventId, eventId)).orderBy(asc(eventSessions.position));
  const rows = await db
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(eq(sectors.eventId, eventId))
    .orderBy(asc(sectors.sortOrder));
  const links =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(sectorSessions)
          .where(
            inArray(
              sectorSessions.sectorId,
              rows.map((s) => s.id),
            ),
          );
  const order = new Map(sessions.map((s, i) => [s.id, i]));
  return {
    exitScans: event.exitScans,
    sessions: sessions.map((s) => ({
      id: s.id,
      name: s.name,
      date: s.date,
      startTime: hhmm(s.startTime)!,
      endTime: hhmm(s.endTime),
      capacity: s.capacity,
    })),
    sectors: rows.map((sector) => ({
      sectorId: sector.id,
      name: sector.name,
      sessionIds: links
        .filter((l) => l.sectorId === sector.id)
        .map((l) => l.sessionId)
        .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)),
    })),
  };
}

/**
 * Saves an event's sessions from the back office (docs/rules/sessions.md 'Sessions'), with the
 * event's row locked: sessions with an id are changed, new ones added, those left out removed,
 * positions following the list; `exitScans` turns the door's exit scans on or off; each sector
 * listed covers the sessions at the given indexes (an empty list, or a sector not listed: every
 * session). A session the door already admitted someone to is never removed (its check-ins would
 * go with it): DomainError('conflict', { field: 'sessions' }). An index out of the list, or a
 * sector of another event: DomainError('validation_failed', { field }). Throws
 * DomainError('event_not_found'). Returns the sessions as saved (getEventSessions). A save that
 * changed something is recorded in the audit trail by `actor` with the sessions, exit scans and
 * sectors before and after (docs/rules/audit.md 'What is recorded').
 */
export async function saveEventSessions(
  db: Db,
  eventId: string,
  input: SaveEventSessionsInput,
  actor: AuditActor,
): Promise<EventSessionsResponse> {
  return db.transaction(async (tx) => {
    const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    if (!event) throw new DomainError('event_not_found');
    const before = await getEventSessions(tx, eventId);
    const existing = await tx.select({ id: eventSessions.id }).from(eventSessions).where(eq(eventSessions.eventId, eventId));
    const existingIds = new Set(existing.map((s) => s.id));
    input.sessions.forEach((session, index) => {
      if (session.id && !existingIds.has(session.id)) throw new DomainError('validation_failed', { field: `sessions.${index}` });
    });
    const kept = input.sessions.flatMap((s) => (s.id ? [s.id] : []));
    const removed = existing.filter((s) => !kept.includes(s.id)).map((s) => s.id);
    if (removed.length > 0) {
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(checkIns)
        .where(inArray(checkIns.sessionId, removed));
      if (Number(used.n) > 0)
        throw new DomainError('conflict', { field: 'sessions' }, 'Uma sessão removida já tem entradas na portaria e não pode sair.');
      await tx
        .delete(eventSessions)
        .where(
          and(
            eq(eventSessions.eventId, eventId),
            notInArray(eventSessions.id, kept.length > 0 ? kept : ['00000000-0000-0000-0000-000000000000']),
          ),
        );
    }
    // Positions move out of the way first, so the unique (event, position) holds at every step.
    await tx
      .update(eventSessions)
      .set({ position: sql`-1 - ${eventSessions.position}` })
      .where(eq(eventSessions.eventId, eventId));
    const ids: string[] = [];
    for (const [position, session] of input.sessions.entries()) {
      const columns = {
        name: session.name,
        date: session.date,
        startTime: session.startTime,
        endTime: session.endTime ?? null,
        capacity: session.capacity ?? null,
        position,
      };
      if (session.id) {
        await tx.update(eventSessions).set(columns).where(eq(eventSessions.id, session.id));
        ids.push(session.id);
      } else {
        const [row] = await tx
          .insert(eventSessions)
          .values({ eventId, ...columns })
          .returning({ id: eventSessions.id });
        ids.push(row.id);
      }
    }
    await tx.update(events).set({ exitScans: input.exitScans, updatedAt: new Date() }).where(eq(events.id, eventId));

    const rows = await tx.select({ id: sectors.id }).from(sectors).where(eq(sectors.eventId, eventId));
    const sectorIds = new Set(rows.map((s) => s.id));
    const links = (input.sectors ?? []).flatMap((sector, index) => {
      if (!sectorIds.has(sector.sectorId)) throw new DomainError('validation_failed', { field: `sectors.${index}` });
      return [...new Set(sector.sessions)].map((at) => {
        if (at >= ids.length) throw new DomainError('validation_failed', { field: `sectors.${index}` });
        return { sectorId: sector.sectorId, sessionId: ids[at] };
      });
    });
    if (sectorIds.size > 0) await tx.delete(sectorSessions).where(inArray(sectorSessions.sectorId, [...sectorIds]));
    if (links.length > 0) await tx.insert(sectorSessions).values(links);
    const after = await getEventSessions(tx, eventId);
    const changes = diffFields(before, after, ['sessions', 'exitScans', 'sectors']);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, actor, { action: 'sessions.saved', objectType: 'event', objectId: eventId, eventId, changes });
    }
    return after;
  });
}
