import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsMarked } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api';
import { changeCachedLists, refetchLists, restoreCachedLists } from './update-list';

/** POST /api/notifications/read-all ('Marcar todas'): every unread notification of the user is read. */
export function markAllNotificationsRead(): Promise<NotificationsMarked> {
  return api<NotificationsMarked>('/api/notifications/read-all', { method: 'POST' });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () =>
      changeCachedLists(queryClient, (list) => ({
        notifications: list.notifications.map((n) => (n.read ? n : { ...n, read: true })),
        unreadCount: 0,
      })),
    onError: (error, _input, context) => restoreCachedLists(queryClient, context, error),
    onSettled: () => refetchLists(queryClient),
  });
}
