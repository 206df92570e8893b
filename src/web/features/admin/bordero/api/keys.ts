/** Query keys of the back office's borderô (one factory, STYLE.md section 7). */
export const borderoKeys = {
  all: ['admin', 'bordero'] as const,
  event: (eventId: string) => [...borderoKeys.all, eventId] as const,
};
