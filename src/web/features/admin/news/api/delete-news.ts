import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminNewsKeys, publicContentKey } from './keys';

/** DELETE /api/admin/news/:id. */
export function deleteNews(id: string) {
  return api<void>(`/api/admin/news/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNews,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminNewsKeys.list() });
      void queryClient.invalidateQueries({ queryKey: publicContentKey });
    },
  });
}
