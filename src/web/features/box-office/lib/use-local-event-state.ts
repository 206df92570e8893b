import { useCallback, useRef, useState, type RefObject } from 'react';
import * as calls from '../api/box-office-api';
import { isNetworkError } from './network';
import { deviceId, readEventState, saveEventState, type LocalEventState } from './offline-store';

/** What the drawer and block actions get from the device's state: the event, its state as kept, and how to save, reload and send it. */
export interface LocalStateAccess {
  eventId: string;
  stateRef: RefObject<LocalEventState | null>;
  store(next: LocalEventState): Promise<void>;
  refresh(): Promise<void>;
  sync(): Promise<void>;
}

/**
 * The device's copy of one event's box office: the event (prices), its open drawer and its
 * blocks, kept in IndexedDB (offline-store.ts). `refresh` reads the server's drawer and blocks into
 * it (a block's local count never goes back) and reports whether the server answered; without
 * network the device's copy stays. `stateRef` is the latest copy, for actions between renders.
 */
export function useLocalEventState(eventId: string, setOnline: (online: boolean) => void) {
  const [state, setState] = useState<LocalEventState | null>(null);
  const stateRef = useRef<LocalEventState | null>(null);

  const store = useCallback(async (next: LocalEventState) => {
    stateRef.current = next;
    setState(next);
    await saveEventState(next);
  }, []);

  /** Shows the copy read from the device at start, before the server answers. */
  const restore = useCallback((local: LocalEventState) => {
    stateRef.current = local;
    setState(local);
  }, []);

  /** Reads the server's drawer and blocks into the device's copy; a block's local count never goes back. */
  const refresh = useCallback(async () => {
    const local = stateRef.current ?? (await readEventState(eventId)) ?? null;
    try {
      const [{ events }, server] = await Promise.all([calls.fetchBoxOfficeEvents(), calls.fetchEventState(eventId, deviceId())]);
      const event = events.find((e) => e.id === eventId) ?? local?.event;
      if (!event) return;
      const blocks = server.blocks.map((block) => {
        const mine = local?.blocks.find((b) => b.block.id === block.id);
        return { block, sold: Math.max(block.used, mine?.sold ?? 0), meiaSold: Math.max(block.meiaSold, mine?.meiaSold ?? 0) };
      });
      await store({ event, drawer: server.drawer, blocks });
      setOnline(true);
    } catch (error) {
      if (!isNetworkError(error)) throw error;
      setOnline(false);
      if (local) await store(local);
    }
  }, [eventId, store, setOnline]);

  return { state, stateRef, store, restore, refresh };
}
