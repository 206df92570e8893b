export const contentKeys = {
  all: ['content'] as const,
  newsLists: () => [...contentKeys.all, 'news', 'list'] as const,
  newsList: (limit: number) => [...contentKeys.newsLists(), limit] as const,
  newsDetail: (id: string) => [...contentKeys.all, 'news', 'detail', id] as const,
  banners: () => [...contentKeys.all, 'banners'] as const,
};
