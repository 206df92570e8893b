import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GrantStaffRoleInput, StaffGranted } from '../../../../../shared/schemas/staff';
import { api } from '../../../../lib/api';
import { staffKeys } from './keys';

/** POST /api/admin/staff: gives the role to the account with this e-mail, or invites the e-mail. */
export function grantStaffRole(input: GrantStaffRoleInput) {
  return api<StaffGranted>('/api/admin/staff', { method: 'POST', body: input });
}

export function useGrantStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantStaffRole,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKeys.list() }),
  });
}
