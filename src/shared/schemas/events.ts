import { z } from 'zod';
import '../zod-locale';
import { isCalendarDay, text } from './fields';
import { accessibilityResources, ageRatings } from '../event-info';

export const brandSlugs = ['next-level', 'ay-yo', 'kxp'] as const;
export type BrandSlug = (typeof brandSlugs)[number];

/** Price filter options of docs/screens.md 'Events list' (docs/rules/events.md 'Event list filters': it really filters). */
const priceFilters = ['free', 'up-to-50', '50-100', '100-200', 'above-200'] as const;
export type PriceFilter = (typeof priceFilters)[number];

/** Query of GET /api/events. Every filter is optional; they combine with AND. */
export const listEventsQuerySchema = z.object({
  q: text().trim().max(100).optional(),
  brand: z.enum(brandSlugs).optional(),
  /** Calendar day yyyy-MM-dd (America/Sao_Paulo). */
  date: text().refine(isCalendarDay, 'Data inválida').optional(),
  city: text().trim().max(60).optional(),
  price: z.enum(priceFilters).optional(),
  favorites: z.enum(['1', 'true']).optional(),
  upcoming: z.enum(['1', 'true']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type ListEventsQuery = z.infer<typeof listEventsQuerySchema>;

export const brandSchema = z.object({
  slug: z.enum(brandSlugs),
  name: z.string(),
  tagline: z.string(),
  description: z.string(),
  accentColor: z.string(),
});
export type Brand = z.infer<typeof brandSchema>;

/** One event card. Dates are 'yyyy-MM-dd', times 'HH:mm:ss', both in America/Sao_Paulo. */
export const eventSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  location: z.string(),
  city: z.string().nullable(),
  category: z.string(),
  brandSlug: z.enum(brandSlugs).nullable(),
  imageUrl: z.string().nullable(),
  /** Lowest price among the event's ticket types, in centavos; null when it has none. */
  lowestPriceCentavos: z.number().nullable(),
  isSoldOut: z.boolean(),
  isPast: z.boolean(),
  /** True when the organizer cancelled the event: nothing is sold. */
  isCancelled: z.boolean(),
  /** The age rating ('Classificação indicativa', shared/event-info.ts): 'L', '10' ... '18'; null: not informed. */
  ageRating: z.enum(ageRatings).nullable(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

/**
 * Where a sector stands: 'on_sale'; 'selling_out' ('Esgotando': its last units are held by orders
 * waiting for payment); 'sold_out'; 'not_open' ('Vendas abrem em …', `opensAt`); 'closed'
 * ('Vendas encerradas').
 */
export const sectorStatusValues = ['on_sale', 'selling_out', 'sold_out', 'not_open', 'closed'] as const;
export type SectorStatus = (typeof sectorStatusValues)[number];

/** One lot of a sector as the event page lists it. */
export const lotViewSchema = z.object({
  /** '1º lote'. */
  name: z.string(),
  priceCentavos: z.number(),
  /** 'ended' (sold out or its date passed: 'Esgotado'), 'current' (on sale), 'upcoming'. */
  state: z.enum(['ended', 'current', 'upcoming']),
});
export type LotView = z.infer<typeof lotViewSchema>;

/**
 * A sector ('Pista', 'Camarote') of the event page (docs/rules/sale.md 'Selling the Brazilian way'):
 * what it sells now, at which lot's price, and what comes next. Money in centavos.
 */
export const sectorViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The full price now: the current lot's (or the next lot's while none is on sale). */
  priceCentavos: z.number(),
  /** Half of it, rounded down (meia-entrada). */
  meiaPriceCentavos: z.number(),
  /** The service fee the buyer pays on one full-price and one half-price ticket now (0 when none or absorbed). */
  feeCentavos: z.number(),
  meiaFeeCentavos: z.number(),
  /** Units the sector can sell now (full and half together). */
  remaining: z.number(),
  /** Full-price units that can be sold now (the meia reserve kept out until its release). */
  fullAvailable: z.number(),
  /** Half-price units that can be sold now (its share of the reserve). */
  meiaAvailable: z.number(),
  status: z.enum(sectorStatusValues),
  /** The lot on sale, '2º lote'; null when none is. */
  lotName: z.string().nullable(),
  /** Units left in the lot on sale ('Restam 37' when few); null when none is on sale. */
  lotRemaining: z.number().nullable(),
  /** The lot after the current one: 'Próximo lote: R$ 100,00'. */
  nextLot: z.object({ name: z.string(), priceCentavos: z.number() }).nullable(),
  lots: z.array(lotViewSchema),
  /** When sales open (UTC ISO 8601) while status is 'not_open'. */
  opensAt: z.string().nullable(),
  /** True for a pre-sale sector shown because the access code given unlocks it. */
  unlockedByCode: z.boolean(),
});
export type SectorView = z.infer<typeof sectorViewSchema>;

/** The event's meia-entrada counter, as the law asks every point of sale to show it. */
export const meiaCounterSchema = z.object({
  /** Half-price units that can still be sold, all sectors. */
  available: z.number(),
  /** The reserve: 40 % of the tickets for sale, per sector, summed. */
  reserve: z.number(),
});
export type MeiaCounter = z.infer<typeof meiaCounterSchema>;

export const eventDetailSchema = eventSummarySchema.extend({
  description: z.string(),
  fullAddress: z.string().nullable(),
  capacity: z.number().nullable(),
  rating: z.number().nullable(),
  sectors: z.array(sectorViewSchema),
  meia: meiaCounterSchema,
  /**
   * The service fee: basis points of each ticket's price (1000 = 10 %), whether the organizer
   * absorbs it, and whether it goes back on every refund (otherwise only on a withdrawal within
   * 7 days and on the event's cancellation).
   */
  serviceFee: z.object({ basisPoints: z.number(), absorbed: z.boolean(), refundable: z.boolean() }),
  /** Most tickets per order and per CPF; null: no limit but the per-type one. */
  maxTicketsPerOrder: z.number().nullable(),
  maxTicketsPerCpf: z.number().nullable(),
  /** Whether the event has pre-sale sectors hidden until a code unlocks them ('Tem um código de acesso?'). */
  hasHiddenSectors: z.boolean(),
  /** Tickets are nominal: the checkout asks each holder's CPF. */
  nominal: z.boolean(),
  /**
   * docs/rules/events.md 'What the sale page shows': younger people than the rating enter with a
   * parent or guardian (shared/event-info.ts minorsRule); the venue's accessibility resources (in
   * the list's order) and contact, null when not informed; the organizer's policy lines, in order.
   */
  minorsAccompanied: z.boolean(),
  accessibility: z.object({ resources: z.array(z.enum(accessibilityResources)), contact: z.string().nullable() }).nullable(),
  policies: z.array(z.string()),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

/** Answer of GET /api/events. */
export const eventListSchema = z.object({ events: z.array(eventSummarySchema) });
export type EventList = z.infer<typeof eventListSchema>;

/** Answer of GET /api/favorites: the ids of the user's favourite events. */
export const favoriteIdsSchema = z.object({ eventIds: z.array(z.string()) });
export type FavoriteIds = z.infer<typeof favoriteIdsSchema>;

/** Answer of PUT and DELETE /api/favorites/:eventId: the event's favourite state now. */
export const favoriteStateSchema = z.object({ eventId: z.string(), isFavorite: z.boolean() });
export type FavoriteState = z.infer<typeof favoriteStateSchema>;
