/** Query keys of the back office's sessions section. */
export const sessionKeys = {
  ofEvent: (eventId: string) => ['admin', 'sessions', eventId] as const,
};
