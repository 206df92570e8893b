import { z } from 'zod';

/**
 * The tickets a signed-out buyer chose before 'Comprar' sent them to /auth: kept on the device so
 * that, after signing in, signing up or opening the confirmation link, the event page shows the
 * same quantities and opens the checkout again. localStorage rather than sessionStorage: the
 * confirmation link opens in a new tab from the mail app, which has a sessionStorage of its own.
 * One purchase at a time; it lasts PENDING_PURCHASE_TTL_MS and is dropped once the order is placed.
 */
const STORAGE_KEY = 'nl.pending-purchase';

/** How long a choice is kept (ms): long enough to create an account, short enough to be the same visit. */
export const PENDING_PURCHASE_TTL_MS = 30 * 60 * 1000;

/** The query parameter of the event page that asks it to open the checkout with the kept choice. */
export const RESUME_PURCHASE_PARAM = 'comprar';

const pendingPurchaseSchema = z.object({
  eventId: z.string().min(1),
  selection: z
    .array(
      z.object({
        sectorId: z.string().min(1),
        fullQuantity: z.number().int().min(0),
        meiaQuantity: z.number().int().min(0),
      }),
    )
    .min(1),
  accessCode: z.string().nullable(),
  /** When it was kept (ms since the epoch). */
  savedAt: z.number(),
});
export type PendingPurchase = z.infer<typeof pendingPurchaseSchema>;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: the choice is simply not kept
  }
}

/** Keeps the choice of `eventId` (replacing any other). */
export function savePendingPurchase(purchase: Omit<PendingPurchase, 'savedAt'>, now = Date.now()): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ ...purchase, savedAt: now }));
  } catch {
    // full or blocked storage: the buyer chooses again after signing in
  }
}

/** The kept choice for `eventId`, or null when there is none, it is of another event or it is older than the TTL. */
export function readPendingPurchase(eventId: string, now = Date.now()): PendingPurchase | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
  const result = pendingPurchaseSchema.safeParse(parsed);
  if (!result.success) return null;
  const purchase = result.data;
  const age = now - purchase.savedAt;
  if (purchase.eventId !== eventId || age < 0 || age > PENDING_PURCHASE_TTL_MS) return null;
  return purchase;
}

/** Drops the kept choice (the order was placed, or the buyer signed out). */
export function forgetPendingPurchase(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept
  }
}

/** The event page's address that opens the checkout with the kept choice once signed in. */
export function resumePurchasePath(eventId: string): string {
  return `/event/${encodeURIComponent(eventId)}?${RESUME_PURCHASE_PARAM}=1`;
}

/** Whether a path (e.g. /auth's `redirect`) leads back to a purchase under way. */
export function isResumePurchasePath(path: string): boolean {
  const url = new URL(path, 'http://localhost');
  return url.pathname.startsWith('/event/') && url.searchParams.get(RESUME_PURCHASE_PARAM) === '1';
}
