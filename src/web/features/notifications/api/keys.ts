/** Query keys of the notifications feature; the live stream invalidates ['notifications']. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string) => ['notifications', 'list', userId] as const,
};
