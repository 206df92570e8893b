import { listEventsQuerySchema, type ListEventsQuery } from '../../../shared/schemas/events';

/** Filters of the events list that live in the URL, so a filtered list is a shareable link. */
export const urlFilterKeys = ['q', 'brand', 'date', 'city', 'price', 'favorites'] as const;
type UrlFilterKey = (typeof urlFilterKeys)[number];
export type EventFilters = Pick<ListEventsQuery, UrlFilterKey>;

/** Reads each filter on its own, so one malformed value does not drop the others. */
export function readEventFilters(params: URLSearchParams): EventFilters {
  const filters: Record<string, unknown> = {};
  for (const key of urlFilterKeys) {
    const raw = params.get(key);
    if (!raw) continue;
    const parsed = listEventsQuerySchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data) filters[key] = parsed.data;
  }
  return filters as EventFilters;
}

export function hasActiveFilters(filters: EventFilters): boolean {
  return urlFilterKeys.some((key) => Boolean(filters[key]));
}
