import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../api/keys';
import { reconnectDelay } from '../lib/reconnect-delay';

/**
 * Keeps the bell and the panel live while someone is signed in: listens to GET /api/live
 * (Server-Sent Events) and refetches the notifications when the server says one arrived. When
 * the stream drops it is closed and reopened after 1, 2, 5, then 10 s (docs/architecture.md 'Live updates')
 * instead of the browser's own retry, and the list is refetched once it is back, since
 * notifications may have arrived meanwhile.
 */
export function useLiveNotifications(isSignedIn: boolean) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isSignedIn || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });

    const connect = () => {
      source = new EventSource('/api/live', { withCredentials: true });
      source.addEventListener('ready', () => {
        if (attempt > 0) refetch();
        attempt = 0;
      });
      source.addEventListener('notifications', refetch);
      source.onerror = () => {
        source?.close();
        source = null;
        retryTimer = setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      };
    };
    connect();

    return () => {
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [isSignedIn, queryClient]);
}
