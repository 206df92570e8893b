import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { FavoriteState, ListEventsQuery } from '../../../../shared/schemas/events';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { eventKeys } from './keys';
import type { FavoritesResponse } from './list-favorites';

interface SetFavoriteInput {
  eventId: string;
  isFavorite: boolean;
}

export function setFavorite({ eventId, isFavorite }: SetFavoriteInput) {
  return api<FavoriteState>(`/api/favorites/${encodeURIComponent(eventId)}`, { method: isFavorite ? 'PUT' : 'DELETE' });
}

/**
 * Adds or removes a favourite; the local list changes only after the server agrees
 * (docs/rules/events.md 'Favourites'). Signed out, it asks the person to sign in instead, with a button that
 * signs in and comes back here.
 */
export function useToggleFavorite() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useMutation({
    mutationFn: setFavorite,
    onSuccess: (_data, { eventId, isFavorite }) => {
      if (user) {
        queryClient.setQueryData<FavoritesResponse>(eventKeys.favorites(user.id), (old) => {
          const ids = new Set(old?.eventIds ?? []);
          if (isFavorite) ids.add(eventId);
          else ids.delete(eventId);
          return { eventIds: [...ids] };
        });
      }
      void queryClient.invalidateQueries({
        queryKey: eventKeys.lists(),
        predicate: (query) => Boolean((query.queryKey[2] as ListEventsQuery | undefined)?.favorites),
      });
      toast.success(isFavorite ? 'Adicionado aos favoritos' : 'Removido dos favoritos');
    },
    onError: (_error, { isFavorite }) => {
      toast.error(isFavorite ? 'Erro ao adicionar aos favoritos' : 'Erro ao remover dos favoritos');
    },
  });

  return {
    toggle(eventId: string, isFavoriteNow: boolean) {
      if (!user) {
        const here = `${location.pathname}${location.search}`;
        toast.error('Faça login para favoritar eventos', {
          id: 'favorite-sign-in',
          action: { label: 'Entrar', onClick: () => navigate(`/auth?redirect=${encodeURIComponent(here)}`) },
        });
        return;
      }
      mutation.mutate({ eventId, isFavorite: !isFavoriteNow });
    },
    pendingEventId: mutation.isPending ? mutation.variables?.eventId : undefined,
  };
}
