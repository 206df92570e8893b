import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavoriteIds } from '../../../../shared/schemas/events';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { eventKeys } from './keys';

export type FavoritesResponse = FavoriteIds;

export function listFavorites(signal?: AbortSignal) {
  return api<FavoritesResponse>('/api/favorites', { signal });
}

export const favoritesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: eventKeys.favorites(userId),
    queryFn: ({ signal }) => listFavorites(signal),
  });

const none = new Set<string>();

/**
 * Ids of the signed-in user's favourite events (empty when signed out). `isKnown` is false while
 * they load, so a heart is not toggled from a state it has not shown yet.
 */
export function useFavoriteIds(): { ids: Set<string>; isKnown: boolean } {
  const { user, isLoading } = useSession();
  const query = useQuery({
    ...favoritesQueryOptions(user?.id ?? ''),
    enabled: Boolean(user),
    select: (data) => new Set(data.eventIds),
  });
  if (!user) return { ids: none, isKnown: !isLoading };
  return { ids: query.data ?? none, isKnown: query.isSuccess || query.isError };
}
