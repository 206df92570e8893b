/** Query keys of the door feature. */
export const doorKeys = {
  all: ['check-ins'] as const,
  events: () => ['check-ins', 'events'] as const,
};
