import { z } from 'zod';
import '../zod-locale';
import { text } from './fields';
import { MAX_TICKETS_PER_TYPE } from '../order-limits';

/** A waiting entry's life: waiting its turn, offered units, bought them, let the offer run out, or left the list. */
export const waitlistEntryStatuses = ['waiting', 'offered', 'purchased', 'expired', 'left'] as const;
export type WaitlistEntryStatus = (typeof waitlistEntryStatuses)[number];

/** An offer's life: open until it expires, taken by the order placed with it, or expired. */
export const waitlistOfferStatuses = ['open', 'taken', 'expired'] as const;
export type WaitlistOfferStatus = (typeof waitlistOfferStatuses)[number];

/** Least and most minutes an organizer may give a person to buy an offer (12 h is the default outside the on-sale day). */
export const WAITLIST_OFFER_MINUTES_MIN = 5;
export const WAITLIST_OFFER_MINUTES_MAX = 7 * 24 * 60;

/** Body of POST /api/events/:id/waitlist: the sold-out sector and how many units the person wants. */
export const joinWaitlistSchema = z.object({
  sectorId: z.uuid('Setor inválido'),
  quantity: z
    .number()
    .int('Informe uma quantidade inteira')
    .min(1, 'Informe pelo menos 1 ingresso')
    .max(MAX_TICKETS_PER_TYPE, `No máximo ${MAX_TICKETS_PER_TYPE} ingressos`),
});
export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;

/** Units held for the person until `expiresAt` (UTC ISO), at the lot's price in centavos. */
export const waitlistOfferViewSchema = z.object({
  id: z.uuid(),
  sectorId: z.uuid(),
  quantity: z.number().int(),
  unitPriceCentavos: z.number().int(),
  expiresAt: text(),
});
export type WaitlistOfferView = z.infer<typeof waitlistOfferViewSchema>;

/** The person's place on one sector's list: `position` is 1 for the first waiting (null once offered or done). */
export const waitlistEntryViewSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  sectorId: z.uuid(),
  sectorName: text(),
  quantity: z.number().int(),
  status: z.enum(waitlistEntryStatuses),
  position: z.number().int().nullable(),
  offer: waitlistOfferViewSchema.nullable(),
});
export type WaitlistEntryView = z.infer<typeof waitlistEntryViewSchema>;

/** GET /api/events/:id/waitlist: the signed-in person's active entries (waiting or offered) for the event. */
export const myWaitlistSchema = z.object({ entries: z.array(waitlistEntryViewSchema) });
export type MyWaitlist = z.infer<typeof myWaitlistSchema>;

/** One sector's demand for the back office: people and units waiting, open offers and their units, entries that bought. */
export const waitlistDemandRowSchema = z.object({
  sectorId: z.uuid(),
  name: text(),
  waitingPeople: z.number().int(),
  waitingUnits: z.number().int(),
  openOffers: z.number().int(),
  offeredUnits: z.number().int(),
  purchased: z.number().int(),
});
export type WaitlistDemandRow = z.infer<typeof waitlistDemandRowSchema>;

/** GET /api/admin/events/:id/waitlist: demand per sector and the offer hold setting (null: the default rule). */
export const waitlistDemandSchema = z.object({
  offerMinutes: z.number().int().nullable(),
  sectors: z.array(waitlistDemandRowSchema),
});
export type WaitlistDemand = z.infer<typeof waitlistDemandSchema>;

/** Body of PUT /api/admin/events/:id/waitlist: minutes to buy an offer, or null for the default (30 min on the on-sale day, 12 h otherwise). */
export const waitlistSettingsSchema = z.object({
  offerMinutes: z
    .number()
    .int('Informe minutos inteiros')
    .min(WAITLIST_OFFER_MINUTES_MIN, `No mínimo ${WAITLIST_OFFER_MINUTES_MIN} minutos`)
    .max(WAITLIST_OFFER_MINUTES_MAX, 'No máximo 7 dias')
    .nullable(),
});
export type WaitlistSettingsInput = z.infer<typeof waitlistSettingsSchema>;
