import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { changeCachedLists, refetchLists, restoreCachedLists } from './update-list';

/** DELETE /api/notifications/:id: removes one of the user's own notifications. */
export function deleteNotification(id: string): Promise<void> {
  return api<void>(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onMutate: (id) =>
      changeCachedLists(queryClient, (list) => {
        const target = list.notifications.find((n) => n.id === id);
        if (!target) return list;
        return {
          notifications: list.notifications.filter((n) => n.id !== id),
          unreadCount: target.read ? list.unreadCount : Math.max(0, list.unreadCount - 1),
        };
      }),
    onError: (error, _id, context) => restoreCachedLists(queryClient, context, error),
    onSettled: () => refetchLists(queryClient),
  });
}
