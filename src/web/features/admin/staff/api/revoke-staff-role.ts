import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember, StaffRole } from '../../../../../shared/schemas/staff';
import { api } from '../../../../lib/api';
import { staffKeys } from './keys';

/** DELETE /api/admin/staff/:userId/roles/:role, or the invitation's DELETE for an e-mail without account. */
export function revokeStaffRole({ member, role }: { member: StaffMember; role: StaffRole }) {
  const path = member.userId
    ? `/api/admin/staff/${encodeURIComponent(member.userId)}/roles/${role}`
    : `/api/admin/staff/invitations/${role}?email=${encodeURIComponent(member.email)}`;
  return api<void>(path, { method: 'DELETE' });
}

export function useRevokeStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeStaffRole,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKeys.list() }),
  });
}
