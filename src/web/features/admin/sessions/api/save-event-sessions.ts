import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventSessionsResponse, SaveEventSessionsInput } from '../../../../../shared/schemas/sessions';
import { api } from '../../../../lib/api';
import { sessionKeys } from './keys';

/** PUT /api/admin/events/:id/sessions: saves the sessions, exit scans and the sessions each sector covers. */
export function saveEventSessions({ eventId, input }: { eventId: string; input: SaveEventSessionsInput }) {
  return api<EventSessionsResponse>(`/api/admin/events/${encodeURIComponent(eventId)}/sessions`, { method: 'PUT', body: input });
}

export function useSaveEventSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEventSessions,
    onSuccess: (result, { eventId }) => queryClient.setQueryData(sessionKeys.ofEvent(eventId), result),
  });
}
