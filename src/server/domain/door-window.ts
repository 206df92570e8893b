import { chooseDoorSession, type DoorWindow, doorWindowState } from '../../shared/admission';
import { eventTimeRange } from '../../shared/event-times';

// The window's state and the session choice are the door's rule, shared with the door device.
export { type DoorWindow, doorWindowState };

/** Minutes before an event's start its door opens, unless configured (DOOR_OPENS_MINUTES_BEFORE). */
export const DEFAULT_DOOR_OPENS_MINUTES_BEFORE = 240;

/**
 * When the door of an event admits (docs/rules/door.md 'The door window': a ticket used outside its
 * event's day is refused): from `opensMinutesBefore` minutes before the start until the end, as
 * shared/dates eventInterval decides them for every reader (through eventTimeRange: an end at or
 * before the start runs past midnight; no end time: 6 hours), so the door closes when the sale
 * stops and tickets expire. UTC instants. Throws DomainError('validation_failed') for malformed
 * times.
 */
export function doorWindow(event: { date: string; startTime: string; endTime: string | null }, opensMinutesBefore: number): DoorWindow {
  const { start, end } = eventTimeRange(event);
  return { opensAt: new Date(start.getTime() - opensMinutesBefore * 60_000), closesAt: end };
}

/**
 * Whether door staff may work an event at `now` (docs/rules/door.md 'One event per door': a door works
 * one event, chosen on the door screen): it is published or has tickets issued (a draft without
 * tickets is no one's door), and its door has not closed (`window.closesAt` after `now`; an
 * event days away may be picked ahead, its door not open yet). The door's picker
 * (services/door/list-door-events.ts) lists these less the cancelled ones; the door's per-event
 * reads and manual entry (services/door/door-event.ts loadWorkableDoorEvent) answer these only.
 */
export function isDoorEventWorkable(event: { isPublished: boolean; hasTickets: boolean }, window: DoorWindow, now: Date): boolean {
  return (event.isPublished || event.hasTickets) && now.getTime() < window.closesAt.getTime();
}

/** A session of an event with its door window (doorWindow over its own date and times). */
export interface SessionWindow {
  id: string;
  window: DoorWindow;
}

/**
 * The door window of an event with sessions: from the first session's opening to the last one's
 * end (each session's window read as doorWindow reads the event's); an event without sessions
 * keeps its own (`eventWindow`).
 */
export function eventDoorWindow(eventWindow: DoorWindow, sessions: SessionWindow[]): DoorWindow {
  if (sessions.length === 0) return eventWindow;
  return {
    opensAt: new Date(Math.min(...sessions.map((s) => s.window.opensAt.getTime()))),
    closesAt: new Date(Math.max(...sessions.map((s) => s.window.closesAt.getTime()))),
  };
}

/**
 * The session a door admits to at `now`, over the server's rows: shared/admission.ts
 * chooseDoorSession (the operator's pick, else the one open now, else the next to open, else the
 * last), the choice the door device makes over its list. Null for an event without sessions.
 */
export function doorSession<S extends SessionWindow>(sessions: S[], now: Date, pickedId?: string | null): S | null {
  return chooseDoorSession(sessions, now, pickedId, (s) => s.window);
}
