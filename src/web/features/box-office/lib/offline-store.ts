import type { BoxOfficeBlock, BoxOfficeEvent, BoxOfficeSaleInput, BoxOfficeSaleResult, CashDrawerView } from '../../../../shared/schemas/box-office';

/** A block as this device keeps it: the server's block and how many of its units this device sold (the next code to give). */
export interface LocalBlock {
  block: BoxOfficeBlock;
  sold: number;
}

/** What the device keeps of one event: the event (prices), its open drawer and its blocks. */
export interface LocalEventState {
  event: BoxOfficeEvent;
  drawer: CashDrawerView | null;
  blocks: LocalBlock[];
}

/** A sale made on this device waiting to be sent (POST /api/box-office/sync), with what the screen showed. */
export interface QueuedSale {
  sale: BoxOfficeSaleInput;
  eventId: string;
  totalCentavos: number;
  ticketTypeName: string;
}

/** A sale the server refused at the sync (kept there as a conflict), as the screen lists it. */
export interface RefusedSale {
  nonce: string;
  message: string;
  at: string;
  result?: BoxOfficeSaleResult;
}

const DB_NAME = 'next-level-box-office';
const STORE = 'kv';
const memory = new Map<string, unknown>();
let opening: Promise<IDBDatabase | null> | null = null;

// The same small key-value store in IndexedDB the door keeps its offline list in (one object
// store, values as structured clones), kept in memory when the browser offers none.
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

async function read<T>(key: string): Promise<T | undefined> {
  const db = await open();
  if (!db) return memory.get(key) as T | undefined;
  return new Promise((resolve) => {
    const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
    request.onsuccess = () => resolve((request.result as T | undefined) ?? (memory.get(key) as T | undefined));
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

export const readEvents = () => read<BoxOfficeEvent[]>('events');
export const saveEvents = (events: BoxOfficeEvent[]) => write('events', events);
export const readEventState = (eventId: string) => read<LocalEventState>(`event:${eventId}`);
export const saveEventState = (state: LocalEventState) => write(`event:${state.event.id}`, state);
export const readQueue = async () => (await read<QueuedSale[]>('queue')) ?? [];
export const saveQueue = (queue: QueuedSale[]) => write('queue', queue);
export const readRefused = async () => (await read<RefusedSale[]>('refused')) ?? [];
export const saveRefused = (refused: RefusedSale[]) => write('refused', refused);

/** This device's random id, kept across visits (the drawer and the blocks are recorded with it). */
export function deviceId(): string {
  const key = 'next-level-box-office-device';
  let id = localStorage.getItem(key);
  if (!id) {
    id = `bilheteria-${crypto.randomUUID()}`;
    localStorage.setItem(key, id);
  }
  return id;
}
