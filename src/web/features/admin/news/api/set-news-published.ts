import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminNews } from '../../../../../shared/schemas/admin-content';
import { api } from '../../../../lib/api';
import { adminNewsKeys, publicContentKey } from './keys';

/** PATCH /api/admin/news/:id: publish, or back to draft ('Rascunho'). */
export function setNewsPublished({ id, published }: { id: string; published: boolean }) {
  return api<AdminNews>(`/api/admin/news/${encodeURIComponent(id)}`, { method: 'PATCH', body: { published } });
}

export function useSetNewsPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNewsPublished,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminNewsKeys.list() });
      void queryClient.invalidateQueries({ queryKey: publicContentKey });
    },
  });
}
