export const adminEventKeys = {
  all: ['admin', 'events'] as const,
  lists: () => [...adminEventKeys.all, 'list'] as const,
  list: (q: string) => [...adminEventKeys.lists(), q] as const,
  detail: (id: string) => [...adminEventKeys.all, 'detail', id] as const,
  buyers: (id: string) => [...adminEventKeys.all, 'buyers', id] as const,
  courtesies: (id: string) => [...adminEventKeys.all, 'courtesies', id] as const,
  courtesyQuotas: (id: string) => [...adminEventKeys.all, 'courtesy-quotas', id] as const,
};
