import type { Me } from '../../shared/schemas/me';
import type { MyOrderTickets } from '../../shared/schemas/tickets';

/**
 * The copy of 'Meus ingressos' kept on this device so tickets and their QR codes open with no
 * network (issue 9). One entry per signed-in user, keyed by user id; the QR images are redrawn
 * from the saved codes. Everything is removed at sign-out and when another user signs in.
 */
const TICKETS_PREFIX = 'nl:offline-tickets:';
const LAST_ME_KEY = 'nl:offline-me';

export interface SavedTickets {
  /** When the copy was taken (ISO instant). */
  savedAt: string;
  orders: MyOrderTickets[];
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function keysWithPrefix(store: Storage, prefix: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

export function saveTickets(userId: string, orders: MyOrderTickets[], now = new Date()): void {
  const store = storage();
  if (!store) return;
  const saved: SavedTickets = { savedAt: now.toISOString(), orders };
  try {
    store.setItem(TICKETS_PREFIX + userId, JSON.stringify(saved));
  } catch {
    // Storage full or refused: the page still works online.
  }
}

export function readSavedTickets(userId: string): SavedTickets | null {
  const text = storage()?.getItem(TICKETS_PREFIX + userId);
  if (!text) return null;
  try {
    const saved = JSON.parse(text) as SavedTickets;
    return Array.isArray(saved.orders) && typeof saved.savedAt === 'string' ? saved : null;
  } catch {
    return null;
  }
}

/** Called with every /api/me answer: keeps who is signed in, drops any other user's copy. */
export function rememberSignedIn(me: Me): void {
  const store = storage();
  if (!store) return;
  if (!me.user) {
    forgetOfflineCopies();
    return;
  }
  const own = TICKETS_PREFIX + me.user.id;
  for (const key of keysWithPrefix(store, TICKETS_PREFIX)) if (key !== own) store.removeItem(key);
  try {
    store.setItem(LAST_ME_KEY, JSON.stringify(me));
  } catch {
    // Without it, an offline reload goes to sign-in as before.
  }
}

/** The last signed-in user seen online, for an offline reload; null if none or signed out since. */
export function lastSignedIn(): Me | null {
  const text = storage()?.getItem(LAST_ME_KEY);
  if (!text) return null;
  try {
    const me = JSON.parse(text) as Me;
    return me.user ? me : null;
  } catch {
    return null;
  }
}

/** Sign-out: nothing of anyone's tickets stays on the device. */
export function forgetOfflineCopies(): void {
  const store = storage();
  if (!store) return;
  for (const key of keysWithPrefix(store, TICKETS_PREFIX)) store.removeItem(key);
  store.removeItem(LAST_ME_KEY);
}
