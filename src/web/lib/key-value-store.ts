/** A small key-value store of one device, as the offline screens (door, box office) keep their data. */
export interface KeyValueStore {
  read<T>(key: string): Promise<T | undefined>;
  write(key: string, value: unknown): Promise<void>;
  /** Empties the store. */
  clear(): Promise<void>;
}

/**
 * A key-value store in the IndexedDB database `dbName` (one object store, values as structured
 * clones: an event's list does not fit localStorage). Every write is also kept in memory, which
 * answers when the browser offers no IndexedDB (private mode of some browsers) or a read fails, so
 * the screen still works until a reload. Never throws.
 */
export function createKeyValueStore(dbName: string): KeyValueStore {
  const STORE = 'kv';
  const memory = new Map<string, unknown>();
  let opening: Promise<IDBDatabase | null> | null = null;

  const open = (): Promise<IDBDatabase | null> => {
    opening ??= new Promise((resolve) => {
      try {
        const request = indexedDB.open(dbName, 1);
        request.onupgradeneeded = () => request.result.createObjectStore(STORE);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
        request.onblocked = () => resolve(null);
      } catch {
        resolve(null);
      }
    });
    return opening;
  };

  const change = async (apply: (store: IDBObjectStore) => void): Promise<void> => {
    const db = await open();
    if (!db) return;
    await new Promise<void>((resolve) => {
      const transaction = db.transaction(STORE, 'readwrite');
      apply(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => resolve();
      transaction.onabort = () => resolve();
    });
  };

  return {
    async read<T>(key: string): Promise<T | undefined> {
      const db = await open();
      if (!db) return memory.get(key) as T | undefined;
      return new Promise((resolve) => {
        const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
        request.onsuccess = () => resolve((request.result as T | undefined) ?? (memory.get(key) as T | undefined));
        request.onerror = () => resolve(memory.get(key) as T | undefined);
      });
    },
    async write(key, value) {
      memory.set(key, value);
      await change((store) => store.put(value, key));
    },
    async clear() {
      memory.clear();
      await change((store) => store.clear());
    },
  };
}
