import type { ListEventsQuery } from '../../../../shared/schemas/events';

export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (query: ListEventsQuery) => [...eventKeys.lists(), query] as const,
  detail: (id: string) => [...eventKeys.all, 'detail', id] as const,
  favorites: (userId: string) => ['favorites', userId] as const,
};
