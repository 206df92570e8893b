/** Query keys of the waiting list, from one factory. */
export const waitlistKeys = {
  all: ['waitlist'] as const,
  mine: (eventId: string) => ['waitlist', 'mine', eventId] as const,
};
