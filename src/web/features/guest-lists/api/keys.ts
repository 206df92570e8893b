/** Query keys of the guest lists feature. */
export const guestListKeys = {
  all: ['guest-lists'] as const,
  mine: () => ['guest-lists', 'mine'] as const,
  detail: (listId: string) => ['guest-lists', 'detail', listId] as const,
  ofEvent: (eventId: string) => ['guest-lists', 'event', eventId] as const,
  link: (token: string) => ['guest-lists', 'link', token] as const,
  adminEvents: () => ['guest-lists', 'admin-events'] as const,
  adminEvent: (eventId: string) => ['guest-lists', 'admin-event', eventId] as const,
};
