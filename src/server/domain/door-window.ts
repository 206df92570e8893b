import { eventTimeRange } from '../../shared/event-times';

/** Minutes before an event's start its door opens, unless configured (DOOR_OPENS_MINUTES_BEFORE). */
export const DEFAULT_DOOR_OPENS_MINUTES_BEFORE = 240;

export interface DoorWindow {
  /** UTC instant the door starts admitting. */
  opensAt: Date;
  /** UTC instant the event ends; from then on the door refuses. */
  closesAt: Date;
}

/**
 * When the door of an event admits (PRODUCT.md 'Tickets and the door': a ticket used outside its
 * event's day is refused): from `opensMinutesBefore` minutes before the start until the end, as
 * eventTimeRange reads the São Paulo date and wall-clock times (an end before the start runs past
 * midnight; no end time: two hours). Throws DomainError('validation_failed') for malformed times.
 */
export function doorWindow(
  event: { date: string; startTime: string; endTime: string | null },
  opensMinutesBefore: number,
): DoorWindow {
  const { start, end } = eventTimeRange(event);
  return { opensAt: new Date(start.getTime() - opensMinutesBefore * 60_000), closesAt: end };
}

/** Where `now` falls against the window: 'open' from opensAt (inclusive) until closesAt (exclusive). */
export function doorWindowState(window: DoorWindow, now: Date): 'open' | 'too_early' | 'event_over' {
  if (now.getTime() < window.opensAt.getTime()) return 'too_early';
  if (now.getTime() >= window.closesAt.getTime()) return 'event_over';
  return 'open';
}

/**
 * Whether door staff may work an event at `now` (PRODUCT.md 'Tickets and the door': a door works
 * one event, chosen on the door screen): it is published or has tickets issued (a draft without
 * tickets is no one's door), and its door has not closed (`window.closesAt` after `now`; an
 * event days away may be picked ahead, its door not open yet). The door's picker
 * (services/door/list-door-events.ts) lists these less the cancelled ones; the door's per-event
 * reads and manual entry (services/door/door-event.ts loadWorkableDoorEvent) answer these only.
 */
export function isDoorEventWorkable(event: { isPublished: boolean; hasTickets: boolean }, window: DoorWindow, now: Date): boolean {
  return (event.isPublished || event.hasTickets) && now.getTime() < window.closesAt.getTime();
}
