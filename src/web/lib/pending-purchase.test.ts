import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PENDING_PURCHASE_TTL_MS,
  forgetPendingPurchase,
  isResumePurchasePath,
  readPendingPurchase,
  resumePurchasePath,
  savePendingPurchase,
} from './pending-purchase';
import { memoryStorage } from '../../../tests/support/memory-storage';

const choice = {
  eventId: 'evento-1',
  selection: [{ sectorId: 'pista', fullQuantity: 1, meiaQuantity: 1 }],
  accessCode: 'FA-CLUBE',
};

beforeEach(() => {
  vi.stubGlobal('window', { localStorage: memoryStorage() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pending purchase', () => {
  it('gives back the quantities, the meia split and the access code kept for the event', () => {
    savePendingPurchase(choice, 1_000);
    expect(readPendingPurchase('evento-1', 1_000 + 60_000)).toEqual({ ...choice, savedAt: 1_000 });
  });

  it('gives nothing for another event, after 30 minutes, or once forgotten', () => {
    savePendingPurchase(choice, 1_000);
    expect(readPendingPurchase('evento-2', 2_000)).toBeNull();
    expect(readPendingPurchase('evento-1', 1_000 + PENDING_PURCHASE_TTL_MS + 1)).toBeNull();
    expect(readPendingPurchase('evento-1', 2_000)).not.toBeNull();
    forgetPendingPurchase();
    expect(readPendingPurchase('evento-1', 2_000)).toBeNull();
  });

  it('ignores what it did not write', () => {
    window.localStorage.setItem('nl.pending-purchase', '{"eventId":"evento-1","selection":[]}');
    expect(readPendingPurchase('evento-1')).toBeNull();
    window.localStorage.setItem('nl.pending-purchase', 'not json');
    expect(readPendingPurchase('evento-1')).toBeNull();
  });

  it('keeps nothing, and fails nothing, when storage is blocked', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('SecurityError');
      },
    });
    savePendingPurchase(choice);
    expect(readPendingPurchase('evento-1')).toBeNull();
    forgetPendingPurchase();
  });

  it('names the event page that resumes the purchase', () => {
    expect(resumePurchasePath('abc')).toBe('/event/abc?comprar=1');
    expect(isResumePurchasePath('/event/abc?comprar=1')).toBe(true);
    expect(isResumePurchasePath('/event/abc')).toBe(false);
    expect(isResumePurchasePath('/tickets?comprar=1')).toBe(false);
  });
});
