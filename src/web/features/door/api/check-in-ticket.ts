import { useMutation } from '@tanstack/react-query';
import type { CheckInInput, CheckInResult } from '../../../../shared/schemas/tickets';
import { api } from '../../../lib/api';

/**
 * POST /api/check-ins: one scan at the door. A refusal is a normal answer ({ accepted: false,
 * message }); only a malformed request or missing permission throws an ApiError.
 */
export function checkInTicket(input: CheckInInput): Promise<CheckInResult> {
  return api<CheckInResult>('/api/check-ins', { method: 'POST', body: input });
}

export function useCheckInTicket() {
  return useMutation({ mutationFn: checkInTicket });
}
