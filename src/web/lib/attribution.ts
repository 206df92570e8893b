import {
  currentAttribution,
  keptTouchSchema,
  nextTouch,
  readAttribution,
  type Attribution,
  type KeptTouch,
} from '../../shared/attribution';

/**
 * The campaign this device last arrived from (docs/rules/sale.md 'Campaign attribution'), kept in
 * localStorage with the time it was seen: it survives sign-in, sign-up, the confirmation link (a
 * new tab) and the waiting room, which all stay on this site. Never cleared by a purchase: the
 * last touch counts for 7 days.
 */
const STORAGE_KEY = 'nl.campaign';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: nothing is attributed
  }
}

function readKept(): KeptTouch | null {
  try {
    const parsed = keptTouchSchema.safeParse(JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Notes the campaign of the address the app opened at (`search`: its query), by 'last touch
 * within 7 days' (shared/attribution.ts nextTouch): an arrival with a utm value or an ad click id
 * replaces what was kept; a touch older than 7 days is dropped. Run once when the app loads, on
 * any route. `now` in ms since the epoch. Never throws.
 */
export function captureAttribution(search: string = window.location.search, now = Date.now()): void {
  const kept = readKept();
  const next = nextTouch(kept, readAttribution(search), now);
  if (next === kept) return;
  try {
    if (next) storage()?.setItem(STORAGE_KEY, JSON.stringify(next));
    else storage()?.removeItem(STORAGE_KEY);
  } catch {
    // full or blocked storage: this arrival is not attributed
  }
}

/** What POST /api/orders takes from the device: the campaign kept within 7 days, or nothing. */
export function attributionForOrder(now = Date.now()): { attribution?: Attribution } {
  const attribution = currentAttribution(readKept(), now);
  return attribution ? { attribution } : {};
}
