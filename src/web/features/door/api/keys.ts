/** Query keys of the door feature. */
export const doorKeys = {
  all: ['door'] as const,
  events: () => ['door', 'events'] as const,
  counts: (eventId: string) => ['door', 'counts', eventId] as const,
  searches: (eventId: string) => ['door', 'search', eventId] as const,
  search: (eventId: string, query: string) => ['door', 'search', eventId, query] as const,
};
