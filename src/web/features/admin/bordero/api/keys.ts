/** Query keys of the back office's borderô (one factory, docs/conventions.md 'Web'). */
export const borderoKeys = {
  all: ['admin', 'bordero'] as const,
  event: (eventId: string) => [...borderoKeys.all, eventId] as const,
};
