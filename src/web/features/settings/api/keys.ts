/** Query keys of the settings feature. */
export const settingsKeys = {
  all: ['settings'] as const,
  notifications: () => ['settings', 'notifications'] as const,
};
