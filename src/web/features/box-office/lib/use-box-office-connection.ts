import { useEffect } from 'react';
import { readEventState, readQueue, readRefused, type LocalEventState, type QueuedSale, type RefusedSale } from './offline-store';

/** How often a device with sales waiting tries to send them. */
const SYNC_EVERY_MS = 15_000;

/**
 * Starts the box office of one event on this device: shows what the device kept (the event's
 * copy, the queue, the refused sales), then reads the server's and sends the queue; follows the
 * browser's online/offline events (back online: the queue is sent) and sends the queue every 15 s.
 */
export function useBoxOfficeConnection({
  eventId,
  restoreState,
  restoreQueue,
  refresh,
  sync,
  setOnline,
}: {
  eventId: string;
  restoreState(local: LocalEventState): void;
  restoreQueue(pending: QueuedSale[], refused: RefusedSale[]): void;
  refresh(): Promise<void>;
  sync(): Promise<void>;
  setOnline(online: boolean): void;
}) {
  useEffect(() => {
    let active = true;
    void (async () => {
      const [local, pending, refusedSales] = await Promise.all([readEventState(eventId), readQueue(), readRefused()]);
      if (!active) return;
      if (local) restoreState(local);
      restoreQueue(pending, refusedSales);
      await refresh();
      await sync();
    })();
    const goOnline = () => {
      setOnline(true);
      void sync();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const timer = window.setInterval(() => void sync(), SYNC_EVERY_MS);
    return () => {
      active = false;
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.clearInterval(timer);
    };
  }, [eventId, restoreState, restoreQueue, refresh, sync, setOnline]);
}
