import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuestListDetail } from '../../../../shared/schemas/guest-lists';
import { api } from '../../../lib/api';
import { guestListKeys } from './keys';

/** GET /api/guest-lists/:id: one list with its names. */
export function getGuestList(listId: string): Promise<GuestListDetail> {
  return api(`/api/guest-lists/${listId}`);
}

export const guestListQuery = (listId: string) =>
  queryOptions({ queryKey: guestListKeys.detail(listId), queryFn: () => getGuestList(listId) });

export function useGuestList(listId: string, enabled = true) {
  return useQuery({ ...guestListQuery(listId), enabled });
}
