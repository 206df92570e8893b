import { api } from '../../../lib/api';

/** DELETE /api/push/subscriptions: no more pushes to this device (its subscription's endpoint). */
export function deletePushSubscription(endpoint: string): Promise<void> {
  return api<void>('/api/push/subscriptions', { method: 'DELETE', body: { endpoint } });
}
