import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuestListList } from '../../../../shared/schemas/guest-lists';
import { api } from '../../../lib/api';
import { guestListKeys } from './keys';

/** GET /api/guest-lists: the lists of the signed-in owner ('Minhas listas'); an admin's are all. */
export function listMyGuestLists(): Promise<GuestListList> {
  return api('/api/guest-lists');
}

export const myGuestListsQuery = () => queryOptions({ queryKey: guestListKeys.mine(), queryFn: listMyGuestLists });

export function useMyGuestLists() {
  return useQuery(myGuestListsQuery());
}
