import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationList } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api';
import { notificationKeys } from './keys';

/** GET /api/notifications: the newest 50, newest first, and how many of all are unread. */
export function listNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return api<NotificationList>('/api/notifications', { signal });
}

// The live stream says when something changed, so the list is refetched only then (and on mount).
export const notificationsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: notificationKeys.list(userId), queryFn: ({ signal }) => listNotifications(signal), staleTime: 60_000 });

/** The signed-in user's notifications; idle while `userId` is null (signed out). */
export function useNotifications(userId: string | null) {
  return useQuery({ ...notificationsQueryOptions(userId ?? ''), enabled: userId !== null });
}
