import type { DoorCounts } from '../../../shared/schemas/tickets';
import type { Db } from '../../db/client';
import { countDoor } from './door-counts';
import { loadDoorEvent } from './door-event';

/**
 * Entries and tickets sold of the door's event (countDoor: accepted check-ins; tickets of
 * completed orders). Throws DomainError('event_not_found').
 */
export async function getDoorCounts(db: Db, eventId: string, opensMinutesBefore: number): Promise<DoorCounts> {
  await loadDoorEvent(db, eventId, opensMinutesBefore);
  return countDoor(db, eventId);
}
