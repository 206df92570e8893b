import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTRIBUTION_WINDOW_MS } from '../../shared/attribution';
import { attributionForOrder, captureAttribution } from './attribution';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

let storage: Storage;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { localStorage: storage, location: { search: '' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const instagram = { utmSource: 'instagram', utmMedium: 'paid', utmCampaign: 'lancamento', adClickIds: ['fbclid'] };
const day = 24 * 60 * 60 * 1000;

describe('the campaign kept on the device', () => {
  it('keeps the campaign of the arrival and sends it with every order for 7 days', () => {
    captureAttribution('?utm_source=instagram&utm_medium=paid&utm_campaign=lancamento&fbclid=abc', 1_000);
    expect(attributionForOrder(1_000 + day)).toEqual({ attribution: instagram });
    expect(attributionForOrder(1_000 + day)).toEqual({ attribution: instagram });
    expect(attributionForOrder(1_000 + ATTRIBUTION_WINDOW_MS + 1)).toEqual({});
  });

  it('keeps it through arrivals without a campaign (a sign-in, a reload) and replaces it with the next campaign', () => {
    captureAttribution('?utm_source=instagram&utm_medium=paid&utm_campaign=lancamento&fbclid=abc', 1_000);
    captureAttribution('?next=%2Fevent%2F1', 2_000);
    expect(attributionForOrder(3_000)).toEqual({ attribution: instagram });
    captureAttribution('?utm_source=tiktok', 4_000);
    expect(attributionForOrder(5_000)).toEqual({
      attribution: { utmSource: 'tiktok', utmMedium: null, utmCampaign: null, adClickIds: [] },
    });
  });

  it('drops a touch older than 7 days on the next arrival, and ignores what it cannot read', () => {
    captureAttribution('?utm_source=instagram', 1_000);
    captureAttribution('', 1_000 + 8 * day);
    expect(storage.getItem('nl.campaign')).toBeNull();
    storage.setItem('nl.campaign', '{"attribution":{"adClickIds":["nope"]},"seenAt":1}');
    expect(attributionForOrder(2_000)).toEqual({});
    storage.setItem('nl.campaign', 'not json');
    expect(attributionForOrder(2_000)).toEqual({});
  });

  it('sends nothing when no campaign was seen', () => {
    captureAttribution('', 1_000);
    expect(attributionForOrder(1_000)).toEqual({});
  });
});
