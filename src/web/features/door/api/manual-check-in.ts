import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckInResult, ManualCheckInInput } from '../../../../shared/schemas/tickets';
import { api } from '../../../lib/api';
import { doorKeys } from './keys';

/** POST /api/door/manual-check-in: lets in by hand a ticket found by the look-up. */
export function manualCheckIn(input: ManualCheckInInput): Promise<CheckInResult> {
  return api<CheckInResult>('/api/door/manual-check-in', { method: 'POST', body: input });
}

export function useManualCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: manualCheckIn,
    onSettled: (_result, _error, input) => queryClient.invalidateQueries({ queryKey: doorKeys.searches(input.eventId) }),
  });
}
