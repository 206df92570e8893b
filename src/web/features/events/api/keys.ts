import type { ListEventsQuery } from '../../../../shared/schemas/events';

export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (query: ListEventsQuery) => [...eventKeys.lists(), query] as const,
  detail: (id: string) => [...eventKeys.all, 'detail', id] as const,
  /** The event as seen with a pre-sale access code ('?codigo='): the sectors it unlocks too. */
  detailWithCode: (id: string, code: string) => [...eventKeys.detail(id), 'code', code] as const,
  favorites: (userId: string) => ['favorites', userId] as const,
};
