import { createKeyValueStore } from '../../../lib/key-value-store';
import type { DoorOfflineData, RefusalReason } from '../../../../shared/schemas/tickets';

/** A decision taken offline, waiting to be sent (POST /api/door/sync). */
export interface QueuedScan {
  nonce: string;
  code: string;
  eventId: string;
  gate: string;
  /** UTC ISO instant of the decision. */
  scannedAt: string;
  accepted: boolean;
  reason?: RefusalReason;
  /** The session the device decided for (an event with sessions). */
  sessionId?: string;
  /** 'out' for an exit the device let through. */
  direction?: 'in' | 'out';
}

/**
 * An entry this device let in offline that the server refused on sync (docs/rules/door.md 'The
 * offline door': the ticket had got in at another door, or the device's clock was outside the
 * door's window), kept until the door staff dismiss it.
 */
export interface DoorConflict {
  nonce: string;
  /** Who the ticket is for, from the device's list (null: not named, or not on the list). */
  holderName: string | null;
  sectorName: string | null;
  /** UTC ISO instant the device let the person in. */
  scannedAt: string;
  reason: RefusalReason;
  /** Why, in pt-BR (refusalMessage). */
  message: string;
}

// Kept in IndexedDB (a big event's list does not fit localStorage), in memory when the browser
// offers none. `clearAll` empties it: the event lists (names of ticket holders), this device's
// entries, the queue, the conflicts the server sent back and the last sync.
const { read, write, clear: clearAll } = createKeyValueStore('next-level-door');

export const offlineStore = {
  clearAll,
  readList: (eventId: string) => read<DoorOfflineData>(`list:${eventId}`),
  saveList: (data: DoorOfflineData) => write(`list:${data.event.id}`, data),
  /** Hashes this device let in offline, with when (UTC ISO): a second scan here is 'already used'. */
  readEntries: async (eventId: string) => (await read<Record<string, string>>(`entries:${eventId}`)) ?? {},
  saveEntries: (eventId: string, entries: Record<string, string>) => write(`entries:${eventId}`, entries),
  readQueue: async () => (await read<QueuedScan[]>('queue')) ?? [],
  saveQueue: (queue: QueuedScan[]) => write('queue', queue),
  /** The entries of an event this device let in offline and the server refused on sync, oldest first. */
  readConflicts: async (eventId: string) => (await read<DoorConflict[]>(`conflicts:${eventId}`)) ?? [],
  saveConflicts: (eventId: string, conflicts: DoorConflict[]) => write(`conflicts:${eventId}`, conflicts),
  readLastSync: () => read<string>('lastSync'),
  saveLastSync: (at: string) => write('lastSync', at),
};
