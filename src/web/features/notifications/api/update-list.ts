import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { NotificationList } from '../../../../shared/schemas/notifications';
import { notificationKeys } from './keys';

/**
 * Changes every cached notification list at once (the panel answers a click before the server
 * does) and returns how to put them back. Failures are only logged (docs/rules/notifications.md 'The notification panel'), then
 * the list is refetched to show what the server holds.
 */
export async function changeCachedLists(
  queryClient: QueryClient,
  change: (list: NotificationList) => NotificationList,
): Promise<{ previous: [QueryKey, NotificationList | undefined][] }> {
  await queryClient.cancelQueries({ queryKey: notificationKeys.all });
  const previous = queryClient.getQueriesData<NotificationList>({ queryKey: notificationKeys.all });
  queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.all }, (list) => (list ? change(list) : list));
  return { previous };
}

export function restoreCachedLists(
  queryClient: QueryClient,
  context: { previous: [QueryKey, NotificationList | undefined][] } | undefined,
  error: unknown,
) {
  console.error('Notificações:', error);
  for (const [key, list] of context?.previous ?? []) queryClient.setQueryData(key, list);
}

export function refetchLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
