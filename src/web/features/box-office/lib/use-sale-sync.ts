import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import * as calls from '../api/box-office-api';
import { isNetworkError } from './network';
import { readQueue, readRefused, saveQueue, saveRefused, type QueuedSale, type RefusedSale } from './offline-store';

/**
 * The device's queue of sales waiting to be sent and the sales the server refused. `sync` sends
 * the queue (POST /api/box-office/sync, once per nonce on the server), one round at a time: what
 * the server took leaves the queue, its conflicts join the refused list, then the drawer and blocks
 * are read again. Without network (or over the rate limit) the sales stay for the next round.
 */
export function useSaleSync(refresh: () => Promise<void>, setOnline: (online: boolean) => void) {
  const [queue, setQueue] = useState<QueuedSale[]>([]);
  const [refused, setRefused] = useState<RefusedSale[]>([]);
  const [isSyncing, setSyncing] = useState(false);
  const [lastSyncAt, setLastSyncAt] = useState<Date | null>(null);
  const syncing = useRef(false);

  const sync = useCallback(async () => {
    if (syncing.current) return;
    const pending = await readQueue();
    if (pending.length === 0) return;
    syncing.current = true;
    setSyncing(true);
    try {
      const { results } = await calls.syncSales(pending.map((q) => q.sale));
      const done = new Set(results.map((r) => r.nonce));
      const left = (await readQueue()).filter((q) => !done.has(q.sale.nonce));
      await saveQueue(left);
      setQueue(left);
      const conflicts = results.filter((r) => r.outcome === 'conflict');
      if (conflicts.length > 0) {
        const next = [
          ...conflicts.map((r) => ({ nonce: r.nonce, message: r.message ?? 'Venda recusada.', at: new Date().toISOString(), result: r })),
          ...(await readRefused()),
        ];
        await saveRefused(next);
        setRefused(next);
      }
      setOnline(true);
      setLastSyncAt(new Date());
      await refresh();
    } catch (error) {
      if (isNetworkError(error)) setOnline(false);
      // Too many syncs a minute: the sales stay on the device and go with the next round.
      else if (!(error instanceof ApiError && error.status === 429)) throw error;
    } finally {
      syncing.current = false;
      setSyncing(false);
    }
  }, [refresh, setOnline]);

  /** Shows the queue and the refused sales read from the device at start. */
  const restore = useCallback((pending: QueuedSale[], refusedSales: RefusedSale[]) => {
    setQueue(pending);
    setRefused(refusedSales);
  }, []);

  /** Adds a sale made on this device to the queue kept on the device (not sent yet). */
  const enqueue = useCallback(async (sale: QueuedSale) => {
    const next = [...(await readQueue()), sale];
    await saveQueue(next);
    setQueue(next);
  }, []);

  return { queue, refused, isSyncing, lastSyncAt, sync, restore, enqueue };
}
