import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountResponse } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api';

/** DELETE /api/me: deletes the account for good; orders stay, anonymised. The caller signs out. */
export function deleteAccount(): Promise<DeleteAccountResponse> {
  return api<DeleteAccountResponse>('/api/me', { method: 'DELETE' });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
