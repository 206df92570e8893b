import { z } from 'zod';
import '../zod-locale';
import { isCalendarDay, text } from './fields';

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

export interface Brand {
  slug: BrandSlug;
  name: string;
  tagline: string;
  description: string;
  accentColor: string;
}

/** One event card. Dates are 'yyyy-MM-dd', times 'HH:mm:ss', both in America/Sao_Paulo. */
export interface EventSummary {
  id: string;
  title: string;
  date: string;
  startTime: string;
  endTime: string | null;
  location: string;
  city: string | null;
  category: string;
  brandSlug: BrandSlug | null;
  imageUrl: string | null;
  /** Lowest price among the event's ticket types, in centavos; null when it has none. */
  lowestPriceCentavos: number | null;
  isSoldOut: boolean;
  isPast: boolean;
  /** True when the organizer cancelled the event: nothing is sold. */
  isCancelled: boolean;
}

/**
 * Where a sector stands: 'on_sale'; 'selling_out' ('Esgotando': its last units are held by orders
 * waiting for payment); 'sold_out'; 'not_open' ('Vendas abrem em …', `opensAt`); 'closed'
 * ('Vendas encerradas').
 */
export type SectorStatus = 'on_sale' | 'selling_out' | 'sold_out' | 'not_open' | 'closed';

/** One lot of a sector as the event page lists it. */
export interface LotView {
  /** '1º lote'. */
  name: string;
  priceCentavos: number;
  /** 'ended' (sold out or its date passed: 'Esgotado'), 'current' (on sale), 'upcoming'. */
  state: 'ended' | 'current' | 'upcoming';
}

/**
 * A sector ('Pista', 'Camarote') of the event page (docs/rules/sale.md 'Selling the Brazilian way'):
 * what it sells now, at which lot's price, and what comes next. Money in centavos.
 */
export interface TicketTypeView {
  id: string;
  name: string;
  description: string | null;
  /** The full price now: the current lot's (or the next lot's while none is on sale). */
  priceCentavos: number;
  /** Half of it, rounded down (meia-entrada). */
  halfPriceCentavos: number;
  /** The service fee the buyer pays on one full-price and one half-price ticket now (0 when none or absorbed). */
  feeCentavos: number;
  halfFeeCentavos: number;
  /** Units the sector can sell now (full and half together). */
  remaining: number;
  /** Full-price units that can be sold now (the meia reserve kept out until its release). */
  fullAvailable: number;
  /** Half-price units that can be sold now (its share of the reserve). */
  meiaAvailable: number;
  status: SectorStatus;
  /** The lot on sale, '2º lote'; null when none is. */
  lotName: string | null;
  /** Units left in the lot on sale ('Restam 37' when few); null when none is on sale. */
  lotRemaining: number | null;
  /** The lot after the current one: 'Próximo lote: R$ 100,00'. */
  nextLot: { name: string; priceCentavos: number } | null;
  lots: LotView[];
  /** When sales open (UTC ISO 8601) while status is 'not_open'. */
  opensAt: string | null;
  /** True for a pre-sale sector shown because the access code given unlocks it. */
  unlockedByCode: boolean;
}

/** The event's meia-entrada counter, as the law asks every point of sale to show it. */
export interface MeiaCounter {
  /** Half-price units that can still be sold, all sectors. */
  available: number;
  /** The reserve: 40 % of the tickets for sale, per sector, summed. */
  reserve: number;
}

export interface EventDetail extends EventSummary {
  description: string;
  fullAddress: string | null;
  capacity: number | null;
  rating: number | null;
  ticketTypes: TicketTypeView[];
  meia: MeiaCounter;
  /**
   * The service fee: basis points of each ticket's price (1000 = 10 %), whether the organizer
   * absorbs it, and whether it goes back on every refund (otherwise only on a withdrawal within
   * 7 days and on the event's cancellation).
   */
  serviceFee: { basisPoints: number; absorbed: boolean; refundable: boolean };
  /** Most tickets per order and per CPF; null: no limit but the per-type one. */
  maxTicketsPerOrder: number | null;
  maxTicketsPerCpf: number | null;
  /** Whether the event has pre-sale sectors hidden until a code unlocks them ('Tem um código de acesso?'). */
  hasHiddenSectors: boolean;
  /** Tickets are nominal: the checkout asks each holder's CPF. */
  nominal: boolean;
}
