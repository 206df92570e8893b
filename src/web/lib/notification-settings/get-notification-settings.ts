import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '../../../shared/schemas/profile';
import { api } from '../api';
import { notificationSettingsKeys } from './keys';

/** GET /api/me/notification-settings: the saved settings, or the defaults (e-mail on, the rest off). */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api<NotificationSettings>('/api/me/notification-settings', { signal });
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: notificationSettingsKeys.notifications(), queryFn: ({ signal }) => getNotificationSettings(signal) });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
