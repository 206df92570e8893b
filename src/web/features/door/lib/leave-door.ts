import { MAX_SYNC_SCANS } from '../../../../shared/schemas/tickets';
import { syncDoorScans } from '../api/sync-door-scans';
import { readDeviceId, saveSelection } from './door-device';
import { offlineStore } from './offline-store';

/**
 * Before a door device signs out: sends the decisions it took offline that are still queued
 * (POST /api/door/sync; each nonce is recorded once however often sent), then, only when none is
 * left, empties what the device kept of the door (the event lists with holder names, its own
 * entries, the queue of codes, the chosen event). Answers how many decisions could not be sent
 * (no network, the server unreachable or refusing): then nothing is removed, and the caller
 * keeps the session, so no entry that happened is lost.
 */
export async function leaveDoor(): Promise<{ unsent: number }> {
  let queue = await offlineStore.readQueue();
  try {
    while (queue.length > 0) {
      const answer = await syncDoorScans({ deviceId: readDeviceId(), scans: queue.slice(0, MAX_SYNC_SCANS) });
      const recorded = new Set(answer.results.map((r) => r.nonce));
      if (recorded.size === 0) break;
      queue = queue.filter((scan) => !recorded.has(scan.nonce));
      await offlineStore.saveQueue(queue);
    }
  } catch {
    // Unsent: said below.
  }
  if (queue.length > 0) return { unsent: queue.length };
  await offlineStore.clearAll();
  saveSelection(null);
  return { unsent: 0 };
}
