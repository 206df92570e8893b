import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_WINDOW_MS, attributionSchema, currentAttribution, nextTouch, readAttribution, type Attribution } from './attribution';

const instagram: Attribution = { utmSource: 'instagram', utmMedium: 'paid', utmCampaign: 'lancamento', adClickIds: ['fbclid'] };
const tiktok: Attribution = { utmSource: 'tiktok', utmMedium: null, utmCampaign: null, adClickIds: [] };
const day = 24 * 60 * 60 * 1000;

describe('readAttribution', () => {
  it('reads the utm values as given and the click ids by name only', () => {
    expect(readAttribution('?utm_source=instagram&utm_medium=paid&utm_campaign=lancamento&fbclid=abc123')).toEqual(instagram);
  });

  it('keeps the case given, trims and cuts each value at 100 characters', () => {
    const long = 'x'.repeat(150);
    expect(readAttribution(`utm_source=%20Instagram%20&utm_campaign=${long}`)).toEqual({
      utmSource: 'Instagram',
      utmMedium: null,
      utmCampaign: 'x'.repeat(100),
      adClickIds: [],
    });
  });

  it('is null when no utm value nor a known click id is there', () => {
    expect(readAttribution('')).toBeNull();
    expect(readAttribution('?comprar=1&ref=abc')).toBeNull();
    expect(readAttribution('?utm_source=%20%20&fbclid=')).toBeNull();
  });

  it('takes a click id alone, never its value, each once in a fixed order', () => {
    expect(readAttribution(new URLSearchParams('ttclid=1&gclid=2&gclid=3&msclkid=4'))).toEqual({
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      adClickIds: ['gclid', 'ttclid'],
    });
  });

  it('drops a value holding a character no text column stores', () => {
    expect(readAttribution('utm_source=a%00b&utm_medium=cpc')).toEqual({
      utmSource: null,
      utmMedium: 'cpc',
      utmCampaign: null,
      adClickIds: [],
    });
  });
});

describe('attributionSchema', () => {
  it('trims the values, makes a blank one null and dedupes the click ids', () => {
    expect(attributionSchema.parse({ utmSource: ' instagram ', utmMedium: '', adClickIds: ['ttclid', 'fbclid', 'ttclid'] })).toEqual({
      utmSource: 'instagram',
      utmMedium: null,
      utmCampaign: null,
      adClickIds: ['fbclid', 'ttclid'],
    });
  });

  it('refuses an unknown click id, a value over 100 characters and a value that is not text', () => {
    expect(attributionSchema.safeParse({ ...instagram, adClickIds: ['msclkid'] }).success).toBe(false);
    expect(attributionSchema.safeParse({ ...instagram, utmCampaign: 'x'.repeat(101) }).success).toBe(false);
    expect(attributionSchema.safeParse({ ...instagram, utmSource: 42 }).success).toBe(false);
    expect(attributionSchema.safeParse('instagram').success).toBe(false);
  });
});

describe('last touch within 7 days', () => {
  const now = Date.UTC(2026, 10, 27, 12);

  it('keeps an arrival with a campaign, seen now', () => {
    expect(nextTouch(null, instagram, now)).toEqual({ attribution: instagram, seenAt: now });
  });

  it('lets a new arrival replace the kept one, whole', () => {
    const kept = { attribution: instagram, seenAt: now - day };
    expect(nextTouch(kept, tiktok, now)).toEqual({ attribution: tiktok, seenAt: now });
  });

  it('keeps the last touch through visits without a campaign for 7 days, then drops it', () => {
    const kept = { attribution: instagram, seenAt: now - 3 * day };
    expect(nextTouch(kept, null, now)).toBe(kept);
    expect(currentAttribution(kept, now)).toEqual(instagram);
    expect(currentAttribution(kept, kept.seenAt + ATTRIBUTION_WINDOW_MS)).toEqual(instagram);
    expect(currentAttribution(kept, kept.seenAt + ATTRIBUTION_WINDOW_MS + 1)).toBeNull();
    expect(nextTouch(kept, null, kept.seenAt + 8 * day)).toBeNull();
  });

  it('drops a touch seen in the future (a clock set back)', () => {
    expect(currentAttribution({ attribution: instagram, seenAt: now + day }, now)).toBeNull();
  });

  it('has nothing to give without a kept touch', () => {
    expect(currentAttribution(null, now)).toBeNull();
    expect(nextTouch(null, null, now)).toBeNull();
  });
});
