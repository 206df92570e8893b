import { z } from 'zod';
import './zod-locale';
import { text } from './schemas/fields';

/**
 * The campaign an order came from (docs/rules/sale.md 'Campaign attribution'): the `utm_source`,
 * `utm_medium` and `utm_campaign` of the address the buyer arrived at, and which ad click ids came
 * with it. Shared by the browser, which keeps the last one on the device, and the server, which
 * checks it and stores it on the order.
 */

/** The ad click ids the product notes, by their query parameter: Meta (Instagram, Facebook), Google, TikTok. Presence only, never the id. */
export const adClickIdNames = ['fbclid', 'gclid', 'ttclid'] as const;
export type AdClickIdName = (typeof adClickIdNames)[number];

/** The longest utm value kept (characters, after trimming). */
export const MAX_UTM_LENGTH = 100;

/** How long the last touch counts for a purchase: 7 days (ms). */
export const ATTRIBUTION_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** The query parameters read for each utm field. */
const utmParams = { utmSource: 'utm_source', utmMedium: 'utm_medium', utmCampaign: 'utm_campaign' } as const;

// A utm value as given, trimmed; blank or absent is none (null).
const utmValueSchema = text()
  .trim()
  .max(MAX_UTM_LENGTH)
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * One campaign touch: each utm value trimmed, at most MAX_UTM_LENGTH characters, null when none;
 * `adClickIds` only the known names (adClickIdNames), each once, in the order of adClickIdNames.
 * Anything else (an unknown click id, a value too long, a number) fails to parse.
 */
export const attributionSchema = z.object({
  utmSource: utmValueSchema,
  utmMedium: utmValueSchema,
  utmCampaign: utmValueSchema,
  adClickIds: z
    .array(z.enum(adClickIdNames))
    .max(10)
    .default([])
    .transform((ids) => adClickIdNames.filter((name) => ids.includes(name))),
});
export type Attribution = z.infer<typeof attributionSchema>;

/** An attribution as the device keeps it: the touch and when it was seen (ms since the epoch). */
export const keptTouchSchema = z.object({ attribution: attributionSchema, seenAt: z.number().finite() });
export type KeptTouch = z.infer<typeof keptTouchSchema>;

/** Whether the attribution names anything: a utm value or an ad click id. */
export function hasCampaign(attribution: Attribution): boolean {
  return (
    attribution.utmSource !== null ||
    attribution.utmMedium !== null ||
    attribution.utmCampaign !== null ||
    attribution.adClickIds.length > 0
  );
}

/**
 * The attribution of an address's query (`?utm_source=instagram&fbclid=...`, with or without the
 * '?'): each utm value as given, trimmed and cut at MAX_UTM_LENGTH characters (a blank one is none);
 * each known ad click id present with a value, by name only. Null when none of them is there.
 * docs/rules/sale.md 'Campaign attribution'.
 */
export function readAttribution(search: string | URLSearchParams): Attribution | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const utm = (name: string) => {
    const value = (params.get(name) ?? '').trim().slice(0, MAX_UTM_LENGTH).trim();
    return value && attributionSchema.shape.utmSource.safeParse(value).success ? value : null;
  };
  const attribution: Attribution = {
    utmSource: utm(utmParams.utmSource),
    utmMedium: utm(utmParams.utmMedium),
    utmCampaign: utm(utmParams.utmCampaign),
    adClickIds: adClickIdNames.filter((name) => (params.get(name) ?? '').trim() !== ''),
  };
  return hasCampaign(attribution) ? attribution : null;
}

/**
 * The touch the device keeps after an arrival, by 'last touch within 7 days': an arrival with any
 * utm value or ad click id (`arrived`, from readAttribution) replaces what was kept, seen `now`;
 * otherwise the kept touch stays while it is at most ATTRIBUTION_WINDOW_MS old, and is dropped
 * (null) once older or when seen in the future. `now` and `seenAt` in ms since the epoch.
 * docs/rules/sale.md 'Campaign attribution'.
 */
export function nextTouch(kept: KeptTouch | null, arrived: Attribution | null, now: number): KeptTouch | null {
  if (arrived && hasCampaign(arrived)) return { attribution: arrived, seenAt: now };
  return currentAttribution(kept, now) ? kept : null;
}

/** The attribution a purchase at `now` takes from the kept touch: it, while at most ATTRIBUTION_WINDOW_MS old; null otherwise. */
export function currentAttribution(kept: KeptTouch | null, now: number): Attribution | null {
  if (!kept) return null;
  const age = now - kept.seenAt;
  return age >= 0 && age <= ATTRIBUTION_WINDOW_MS ? kept.attribution : null;
}
