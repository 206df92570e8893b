import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminNews, NewsInput } from '../../../../../shared/schemas/admin-content';
import { api } from '../../../../lib/api';
import { adminNewsKeys, publicContentKey } from './keys';

/** POST /api/admin/news (no id) or PUT /api/admin/news/:id. */
export function saveNews({ id, input }: { id: string | null; input: NewsInput }) {
  return id
    ? api<AdminNews>(`/api/admin/news/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
    : api<AdminNews>('/api/admin/news', { method: 'POST', body: input });
}

export function useSaveNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNews,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminNewsKeys.list() });
      void queryClient.invalidateQueries({ queryKey: publicContentKey });
    },
  });
}
