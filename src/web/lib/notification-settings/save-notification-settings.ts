import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsInput } from '../../../shared/schemas/profile';
import { api } from '../api';
import { notificationSettingsKeys } from './keys';

/** PUT /api/me/notification-settings: all settings at once; answers them as stored. */
export function saveNotificationSettings(input: NotificationSettingsInput): Promise<NotificationSettings> {
  return api<NotificationSettings>('/api/me/notification-settings', { method: 'PUT', body: input });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsKeys.notifications(), saved),
  });
}
