import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffList } from '../../../../../shared/schemas/staff';
import { api } from '../../../../lib/api';
import { staffKeys } from './keys';

/** GET /api/admin/staff: admins, door staff and the invitations waiting for sign-up. */
export function listStaff(signal?: AbortSignal) {
  return api<StaffList>('/api/admin/staff', { signal });
}

export const staffQueryOptions = () => queryOptions({ queryKey: staffKeys.list(), queryFn: ({ signal }) => listStaff(signal) });

export function useStaff() {
  return useQuery(staffQueryOptions());
}
