/**
 * What this device keeps of an event's waiting room (docs/rules/waiting-room.md 'The on-sale'): its own random id,
 * the place token (a reload or a second tab asks with the same token and sees the same place) and
 * the turn's pass, which the checkout sends with the order.
 */

const DEVICE_KEY = 'nl-device-id';
const tokenKey = (eventId: string) => `nl-room-token:${eventId}`;
const passKey = (eventId: string) => `nl-room-pass:${eventId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** This device's random id, made once. */
export function deviceId(): string {
  const store = storage();
  const kept = store?.getItem(DEVICE_KEY);
  if (kept) return kept;
  const made = crypto.randomUUID();
  store?.setItem(DEVICE_KEY, made);
  return made;
}

export function readPlaceToken(eventId: string): string | null {
  return storage()?.getItem(tokenKey(eventId)) ?? null;
}

export function savePlaceToken(eventId: string, token: string): void {
  storage()?.setItem(tokenKey(eventId), token);
}

export interface KeptPass {
  pass: string;
  /** UTC ISO instant. */
  expiresAt: string;
}

/** The pass of this device for the event while it is valid; null otherwise. */
export function readPass(eventId: string, now = Date.now()): KeptPass | null {
  const raw = storage()?.getItem(passKey(eventId));
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as KeptPass;
    return Date.parse(kept.expiresAt) > now ? kept : null;
  } catch {
    return null;
  }
}

export function savePass(eventId: string, pass: KeptPass): void {
  storage()?.setItem(passKey(eventId), JSON.stringify(pass));
}

/** What `POST /api/orders` takes from the room for the event: the pass and this device, or nothing. */
export function passForOrder(eventId: string): { waitingRoomPass?: string; deviceId?: string } {
  const kept = readPass(eventId);
  return kept ? { waitingRoomPass: kept.pass, deviceId: deviceId() } : {};
}
