import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoxOfficeEventList } from '../../../../../shared/schemas/box-office';
import { api } from '../../../../lib/api';
import { boxOfficeKeys } from './keys';

/** GET /api/box-office/events: the events the box office may sell for (from yesterday on). */
export function listBoxOfficeEvents(signal?: AbortSignal) {
  return api<BoxOfficeEventList>('/api/box-office/events', { signal });
}

export const boxOfficeEventsQueryOptions = () =>
  queryOptions({ queryKey: boxOfficeKeys.events(), queryFn: ({ signal }) => listBoxOfficeEvents(signal) });

export function useBoxOfficeEvents() {
  return useQuery(boxOfficeEventsQueryOptions());
}
