import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { boxOfficeKeys } from './keys';

/** A box-office sale refused at a sync (src/server/services/box-office/list-box-office-conflicts.ts). */
export interface BoxOfficeConflict {
  id: string;
  eventTitle: string;
  drawerId: string | null;
  deviceNonce: string;
  code: string;
  message: string;
  createdAt: string;
}

/** GET /api/admin/box-office/conflicts: the sales a device synced that were refused, newest first. */
export function listConflicts(signal?: AbortSignal) {
  return api<{ conflicts: BoxOfficeConflict[] }>('/api/admin/box-office/conflicts', { signal });
}

export const conflictsQueryOptions = () =>
  queryOptions({ queryKey: boxOfficeKeys.conflicts(), queryFn: ({ signal }) => listConflicts(signal) });

export function useConflicts() {
  return useQuery(conflictsQueryOptions());
}
