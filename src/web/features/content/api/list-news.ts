import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListNewsResponse } from '../../../../shared/schemas/content';
import { api } from '../../../lib/api';
import { contentKeys } from './keys';

export function listNews(limit: number, signal?: AbortSignal) {
  return api<ListNewsResponse>(`/api/news?limit=${limit}`, { signal });
}

export const listNewsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: contentKeys.newsList(limit),
    queryFn: ({ signal }) => listNews(limit, signal),
  });

/** The `limit` newest published news. */
export function useNewsList(limit: number) {
  return useQuery(listNewsQueryOptions(limit));
}
