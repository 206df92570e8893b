import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoxOfficeConflictList } from '../../../../../shared/schemas/box-office';
import { api } from '../../../../lib/api';
import { boxOfficeKeys } from './keys';

/** GET /api/admin/box-office/conflicts: the sales a device synced that were refused, newest first. */
export function listConflicts(signal?: AbortSignal) {
  return api<BoxOfficeConflictList>('/api/admin/box-office/conflicts', { signal });
}

export const conflictsQueryOptions = () =>
  queryOptions({ queryKey: boxOfficeKeys.conflicts(), queryFn: ({ signal }) => listConflicts(signal) });

export function useConflicts() {
  return useQuery(conflictsQueryOptions());
}
