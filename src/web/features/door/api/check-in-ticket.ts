import type { CheckInInput, CheckInResult } from '../../../../shared/schemas/tickets';
import { api } from '../../../lib/api';

/**
 * POST /api/check-ins: one scan at the door. A refusal is a normal answer ({ accepted: false,
 * message }); only a malformed request, a missing permission or no network throws (ApiError,
 * or the AbortError of `signal`).
 */
export function checkInTicket(input: CheckInInput, signal?: AbortSignal): Promise<CheckInResult> {
  return api<CheckInResult>('/api/check-ins', { method: 'POST', body: input, signal });
}
