import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuestListLinkView } from '../../../../shared/schemas/guest-lists';
import { api } from '../../../lib/api';
import { guestListKeys } from './keys';

/** GET /api/guest-list-links/:token: the public page of a list's link. */
export function getGuestListLink(token: string): Promise<GuestListLinkView> {
  return api(`/api/guest-list-links/${encodeURIComponent(token)}`);
}

export const guestListLinkQuery = (token: string) =>
  queryOptions({ queryKey: guestListKeys.link(token), queryFn: () => getGuestListLink(token), retry: false });

export function useGuestListLink(token: string) {
  return useQuery(guestListLinkQuery(token));
}
