import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { changeCachedLists, refetchLists, restoreCachedLists } from './update-list';

/** POST /api/notifications/:id/read: one of the user's own notifications is read. */
export function markNotificationRead(id: string): Promise<void> {
  return api<void>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) =>
      changeCachedLists(queryClient, (list) => {
        const target = list.notifications.find((n) => n.id === id);
        if (!target || target.read) return list;
        return {
          notifications: list.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)),
          unreadCount: Math.max(0, list.unreadCount - 1),
        };
      }),
    onError: (error, _id, context) => restoreCachedLists(queryClient, context, error),
    onSettled: () => refetchLists(queryClient),
  });
}
