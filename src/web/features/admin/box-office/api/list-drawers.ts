import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CashDrawerList } from '../../../../../shared/schemas/box-office';
import { api } from '../../../../lib/api';
import { boxOfficeKeys } from './keys';

/** GET /api/admin/box-office/drawers: every cash drawer, newest first, with expected, counted and difference. */
export function listDrawers(signal?: AbortSignal) {
  return api<CashDrawerList>('/api/admin/box-office/drawers', { signal });
}

export const drawersQueryOptions = () => queryOptions({ queryKey: boxOfficeKeys.drawers(), queryFn: ({ signal }) => listDrawers(signal) });

export function useDrawers() {
  return useQuery(drawersQueryOptions());
}
