import type { Logger } from 'pino';
import type { DoorCounts } from '../../../shared/schemas/tickets';
import type { Db } from '../../db/client';
import type { LiveHub } from '../../live/live-hub';
import { DEFAULT_DOOR_OPENS_MINUTES_BEFORE } from '../../domain/door-window';
import { CHECK_INS_CHANNEL, countDoor } from './door-counts';
import { loadDoorEvent, scanTurnAt } from './door-event';

/** A rush announces many entries a second; counts are read at most every 250 ms per event. */
const COUNTS_DEBOUNCE_MS = 250;

type CountsListener = (counts: DoorCounts) => void;

interface Watched {
  listeners: Set<CountsListener>;
  timer: NodeJS.Timeout | null;
  last: DoorCounts | null;
}

export interface DoorCountsWatcher {
  /**
   * Calls `listener` with the event's counts now, then whenever they change after an entry
   * committed on any server instance; returns the function that stops it.
   */
  watch(eventId: string, listener: CountsListener): Promise<() => void>;
  close(): void;
}

/**
 * Live entries / sold per event for the door screens of this server instance (
 * docs/architecture.md 'Live updates'): one subscription to the `check_ins` channel (LISTEN/NOTIFY through the hub, so
 * entries made on other instances count too); after an announcement for a watched event, its
 * counts are read once within 250 ms (COUNTS_DEBOUNCE_MS) and given to its listeners when they
 * changed.
 */
export function createDoorCountsWatcher(
  db: Db,
  live: LiveHub,
  log: Logger,
  opensMinutesBefore = DEFAULT_DOOR_OPENS_MINUTES_BEFORE,
): DoorCountsWatcher {
  const watched = new Map<string, Watched>();
  // As the counts route reads them: the session open now, people inside with exit scans.
  const read = async (eventId: string) => {
    const door = await loadDoorEvent(db, eventId, opensMinutesBefore);
    return countDoor(db, eventId, { sessionId: scanTurnAt(door, new Date()).session?.id ?? null, exitScans: door.exitScans });
  };
  let unsubscribe: (() => void) | null = null;

  const refresh = async (eventId: string) => {
    const entry = watched.get(eventId);
    if (!entry) return;
    entry.timer = null;
    try {
      const counts = await read(eventId);
      if (entry.last && entry.last.entries === counts.entries && entry.last.sold === counts.sold && entry.last.inside === counts.inside)
        return;
      entry.last = counts;
      for (const listener of entry.listeners) listener(counts);
    } catch (error) {
      log.warn({ err: error, eventId }, 'door counts could not be read');
    }
  };

  const onAnnounced = (eventId: string) => {
    const entry = watched.get(eventId);
    if (!entry || entry.timer) return;
    entry.timer = setTimeout(() => void refresh(eventId), COUNTS_DEBOUNCE_MS);
    entry.timer.unref();
  };

  return {
    async watch(eventId, listener) {
      unsubscribe ??= live.subscribe(CHECK_INS_CHANNEL, onAnnounced);
      let entry = watched.get(eventId);
      if (!entry) watched.set(eventId, (entry = { listeners: new Set(), timer: null, last: null }));
      entry.listeners.add(listener);
      const stop = () => {
        entry.listeners.delete(listener);
        if (entry.listeners.size === 0 && watched.get(eventId) === entry) {
          if (entry.timer) clearTimeout(entry.timer);
          watched.delete(eventId);
        }
      };
      try {
        const counts = await read(eventId);
        entry.last ??= counts;
        listener(counts);
      } catch (error) {
        stop();
        throw error;
      }
      return stop;
    },
    close() {
      for (const entry of watched.values()) if (entry.timer) clearTimeout(entry.timer);
      watched.clear();
      unsubscribe?.();
      unsubscribe = null;
    },
  };
}
