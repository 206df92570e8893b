import { type EventTimes, isEventPast } from './dates';

/**
 * The session a ticket is valid for, the one its card, its QR screen, its e-mail and the door's
 * 'AINDA NÃO ABRIU' name (docs/rules/sessions.md 'The session of a ticket'): among the event's
 * `sessions` (in their order) those its sector covers (`validIds`, ticket_type_sessions; empty:
 * every session, like a pass), the first that is not over at `now` (shared/dates isEventPast:
 * a single-day ticket's own day; a pass's session on now, else its next one), else the last it
 * covers (every one is over). Null for an event without sessions, or when none of `validIds` is
 * among `sessions`. Throws DomainError('validation_failed') for a session's malformed date or time.
 */
export function ticketSession<S extends { id: string } & EventTimes>(
  sessions: readonly S[],
  validIds: readonly string[],
  now: Date,
): S | null {
  const covered = validIds.length === 0 ? sessions : sessions.filter((s) => validIds.includes(s.id));
  if (covered.length === 0) return null;
  return covered.find((s) => !isEventPast(s, now)) ?? covered[covered.length - 1];
}

/**
 * What a door's 'AINDA NÃO ABRIU' names (docs/rules/sessions.md 'The session of a ticket'): where
 * the event has sessions, the opening of the door of the session the ticket is valid for
 * (ticketSession over `validIds`; a Sunday ticket scanned on Friday afternoon reads Sunday's
 * opening), when that is still to come at `now`; else the door's own opening (`doorOpensAt`). The
 * server answers a scan with it (services/door/check-in-result.ts) and the door device decides
 * offline with it (web/features/door/lib/offline-decision.ts). `opensAtOf` reads a session's door
 * opening; instants are UTC.
 */
export function ticketDoorOpensAt<S extends { id: string } & EventTimes>(
  sessions: readonly S[] | undefined,
  validIds: readonly string[] | null,
  doorOpensAt: Date,
  now: Date,
  opensAtOf: (session: S) => Date,
): Date {
  const own = validIds && sessions && sessions.length > 0 ? ticketSession(sessions, validIds, now) : null;
  const ownOpensAt = own ? opensAtOf(own) : null;
  return ownOpensAt && ownOpensAt.getTime() > now.getTime() ? ownOpensAt : doorOpensAt;
}
