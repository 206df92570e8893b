import type { Logger } from 'pino';
import type { AdminRoomView } from '../../../shared/schemas/waiting-room';
import type { Db } from '../../db/client';
import { getAdminRoom } from './configure-room';

/** How often a watched room's counts are read while someone watches it: once a second. */
const ADMIN_ROOM_REFRESH_MS = 1_000;

type RoomListener = (room: AdminRoomView) => void;

interface Watched {
  listeners: Set<RoomListener>;
  timer: NodeJS.Timeout | null;
  /** The last view sent, as JSON: a tick that changes nothing sends nothing. */
  last: string | null;
  reading: boolean;
}

export interface AdminRoomWatcher {
  /**
   * Calls `listener` with the room's view now, then whenever its settings or counts change;
   * returns the function that stops it. Throws what getAdminRoom throws (event_not_found) before
   * anything is registered.
   */
  watch(eventId: string, listener: RoomListener): Promise<() => void>;
  close(): void;
}

/**
 * The organizer's live view of the waiting rooms watched on this server instance (
 * docs/rules/waiting-room.md 'The on-sale': counts reach the back office live): while at least one back-office screen watches an
 * event, its view (getAdminRoom: waiting, inside, admitted in the last minute, sold, held,
 * remaining, the settings) is read once every ADMIN_ROOM_REFRESH_MS for all of them, whatever
 * their number, and sent only when it changed. The read also moves the room on (the draw and the
 * outflow), as the fans' polls do. Nothing is read for a room nobody watches.
 */
export function createAdminRoomWatcher(db: Db, log: Logger): AdminRoomWatcher {
  const watched = new Map<string, Watched>();

  const send = (entry: Watched, view: AdminRoomView) => {
    const json = JSON.stringify(view);
    if (json === entry.last) return;
    entry.last = json;
    for (const listener of entry.listeners) listener(view);
  };

  const tick = async (eventId: string) => {
    const entry = watched.get(eventId);
    if (!entry || entry.reading) return;
    entry.reading = true;
    try {
      send(entry, await getAdminRoom(db, eventId));
    } catch (error) {
      log.warn({ err: error, eventId }, 'waiting room counts could not be read');
    } finally {
      entry.reading = false;
    }
  };

  return {
    async watch(eventId, listener) {
      const view = await getAdminRoom(db, eventId);
      let entry = watched.get(eventId);
      if (!entry) {
        entry = { listeners: new Set(), timer: null, last: JSON.stringify(view), reading: false };
        entry.timer = setInterval(() => void tick(eventId), ADMIN_ROOM_REFRESH_MS);
        entry.timer.unref();
        watched.set(eventId, entry);
      }
      entry.listeners.add(listener);
      listener(view);
      const mine = entry;
      return () => {
        mine.listeners.delete(listener);
        if (mine.listeners.size === 0 && watched.get(eventId) === mine) {
          if (mine.timer) clearInterval(mine.timer);
          watched.delete(eventId);
        }
      };
    },
    close() {
      for (const entry of watched.values()) if (entry.timer) clearInterval(entry.timer);
      watched.clear();
    },
  };
}
