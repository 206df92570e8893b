/**
 * Query keys of the notification settings, read and saved by the settings page and by the events
 * feature ('Seguir' on a brand page, the nearby filter), so they live outside both features.
 */
export const notificationSettingsKeys = {
  notifications: () => ['settings', 'notifications'] as const,
};
