import { type EventTimes, isEventPast } from '../../shared/dates';

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
