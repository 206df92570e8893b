import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bordero, BorderoSettings } from '../../../../../shared/schemas/bordero';
import { api } from '../../../../lib/api';
import { borderoKeys } from './keys';

/** PATCH /api/admin/events/:id/bordero: the ECAD rate, the set list and the co-producers; answers the borderô. */
export function saveBorderoSettings({ eventId, settings }: { eventId: string; settings: BorderoSettings }) {
  return api<Bordero>(`/api/admin/events/${encodeURIComponent(eventId)}/bordero`, { method: 'PATCH', body: settings });
}

export function useSaveBorderoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBorderoSettings,
    onSuccess: (bordero) => queryClient.setQueryData(borderoKeys.event(bordero.event.id), bordero),
  });
}
