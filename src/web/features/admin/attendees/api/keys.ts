/** Query keys of the back office's attendee lists and live counts (one factory, docs/conventions.md 'Web'). */
export const attendeeKeys = {
  all: ['admin', 'attendees'] as const,
  list: (eventId: string, query: string) => [...attendeeKeys.all, 'list', eventId, query] as const,
  counts: (eventId: string) => [...attendeeKeys.all, 'counts', eventId] as const,
};
