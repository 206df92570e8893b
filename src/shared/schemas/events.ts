import { z } from 'zod';
import '../zod-locale';

export const brandSlugs = ['next-level', 'ay-yo', 'kxp'] as const;
export type BrandSlug = (typeof brandSlugs)[number];

/** Price filter options of SPEC.md section 2 'Events list' (PRODUCT.md: it really filters). */
const priceFilters = ['free', 'up-to-50', '50-100', '100-200', 'above-200'] as const;
export type PriceFilter = (typeof priceFilters)[number];

/** Query of GET /api/events. Every filter is optional; they combine with AND. */
export const listEventsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  brand: z.enum(brandSlugs).optional(),
  /** Calendar day yyyy-MM-dd (America/Sao_Paulo). */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida').optional(),
  city: z.string().trim().max(60).optional(),
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

export interface TicketTypeView {
  id: string;
  name: string;
  description: string | null;
  priceCentavos: number;
  remaining: number;
}

export interface EventDetail extends EventSummary {
  description: string;
  fullAddress: string | null;
  capacity: number | null;
  rating: number | null;
  ticketTypes: TicketTypeView[];
}
