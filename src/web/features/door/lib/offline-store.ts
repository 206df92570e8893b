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

const DB_NAME = 'next-level-door';
const STORE = 'kv';
const memory = new Map<string, unknown>();
let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

// Kept in IndexedDB (the list of a big event does not fit localStorage); in memory when the
// browser offers none (private mode of some browsers), so the door still works until a reload.
async function read<T>(key: string): Promise<T | undefined> {
  const db = await open();
  if (!db) return memory.get(key) as T | undefined;
  return new Promise((resolve) => {
    const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
    request.onsuccess = () => resolve(request.result as T | undefined);
    request.onerror = () => resolve(memory.get(key) as T | undefined);
  });
}

async function write(key: string, value: unknown): Promise<void> {
  memory.set(key, value);
  const db = await open();
  if (!db) return;
  await new Promise<void>((resolve) => {
    const transaction = db.transaction(STORE, 'readwrite');
    transaction.objectStore(STORE).put(value, key);
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => resolve();
    transaction.onabort = () => resolve();
  });
}

/** Empties the store: the event lists (names of ticket holders), this device's entries, the queue and the last sync. */
async function clearAll(): Promise<void> {
  memory.clear();
  const db = await open();
  if (!db) return;
  await new Promise<void>((resolve) => {
    const transaction = db.transaction(STORE, 'readwrite');
    transaction.objectStore(STORE).clear();
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => resolve();
    transaction.onabort = () => resolve();
  });
}

export const offlineStore = {
  clearAll,
  readList: (eventId: string) => read<DoorOfflineData>(`list:${eventId}`),
  saveList: (data: DoorOfflineData) => write(`list:${data.event.id}`, data),
  /** Hashes this device let in offline, with when (UTC ISO): a second scan here is 'already used'. */
  readEntries: async (eventId: string) => (await read<Record<string, string>>(`entries:${eventId}`)) ?? {},
  saveEntries: (eventId: string, entries: Record<string, string>) => write(`entries:${eventId}`, entries),
  readQueue: async () => (await read<QueuedScan[]>('queue')) ?? [],
  saveQueue: (queue: QueuedScan[]) => write('queue', queue),
  readLastSync: () => read<string>('lastSync'),
  saveLastSync: (at: string) => write('lastSync', at),
};
