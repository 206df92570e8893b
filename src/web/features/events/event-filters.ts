import { listEventsQuerySchema, type ListEventsQuery, type PriceFilter } from '../../../shared/schemas/events';

/** Filters of the events list that live in the URL, so a filtered list is a shareable link. */
const urlFilterKeys = ['q', 'brand', 'date', 'city', 'price', 'favorites'] as const;
type UrlFilterKey = (typeof urlFilterKeys)[number];
export type EventFilters = Pick<ListEventsQuery, UrlFilterKey>;

/** The filters of the 'Filtros Avançados' panel, counted on the 'Filtros' button's badge. */
export const advancedFilterKeys = ['date', 'city', 'price'] as const satisfies readonly UrlFilterKey[];

/** City choices of docs/rules/events.md 'Creating and editing events'; the value is the city as the API matches it. */
export const cityOptions = ['São Paulo', 'Rio de Janeiro', 'Itajaí'] as const;

/** Price choices of docs/screens.md 'Events list', in the order shown. */
export const priceOptions: { value: PriceFilter; label: string }[] = [
  { value: 'free', label: 'Gratuito' },
  { value: 'up-to-50', label: 'Até R$ 50' },
  { value: '50-100', label: 'R$ 50 a R$ 100' },
  { value: '100-200', label: 'R$ 100 a R$ 200' },
  { value: 'above-200', label: 'Acima de R$ 200' },
];

/** Reads each filter on its own, so one malformed value does not drop the others. */
export function readEventFilters(params: URLSearchParams): EventFilters {
  const filters: Record<string, unknown> = {};
  for (const key of urlFilterKeys) {
    const raw = params.get(key);
    if (!raw) continue;
    const parsed = listEventsQuerySchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data && (key !== 'date' || isCalendarDay(parsed.data))) filters[key] = parsed.data;
  }
  return filters as EventFilters;
}

export function hasActiveFilters(filters: EventFilters): boolean {
  return urlFilterKeys.some((key) => Boolean(filters[key]));
}

export function countAdvancedFilters(filters: EventFilters): number {
  return advancedFilterKeys.filter((key) => Boolean(filters[key])).length;
}

function isCalendarDay(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number);
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}
