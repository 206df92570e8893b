import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsDetail } from '../../../../shared/schemas/content';
import { api } from '../../../lib/api';
import { contentKeys } from './keys';

export function getNews(id: string, signal?: AbortSignal) {
  return api<NewsDetail>(`/api/news/${encodeURIComponent(id)}`, { signal });
}

export const newsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contentKeys.newsDetail(id),
    queryFn: ({ signal }) => getNews(id, signal),
  });

/** One published news item; a draft or unknown id fails with ApiError status 404. */
export function useNews(id: string) {
  return useQuery(newsQueryOptions(id));
}
