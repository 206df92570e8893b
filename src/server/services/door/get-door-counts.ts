import type { DoorCounts } from '../../../shared/schemas/tickets';
import type { Db } from '../../db/client';
import { countDoor } from './door-counts';
import { loadWorkableDoorEvent, scanTurnAt } from './door-event';

/**
 * Entries and tickets sold of the door's event (countDoor: accepted entries, of the session open
 * at `now` on an event with sessions; people inside with exit scans; tickets of completed orders), for an event a door may work at `now` (loadWorkableDoorEvent). Throws
 * DomainError('event_not_found').
 */
export async function getDoorCounts(db: Db, eventId: string, opensMinutesBefore: number, now: Date = new Date()): Promise<DoorCounts> {
  const door = await loadWorkableDoorEvent(db, eventId, opensMinutesBefore, now);
  return countDoor(db, eventId, { sessionId: scanTurnAt(door, now).session?.id ?? null, exitScans: door.exitScans });
}
