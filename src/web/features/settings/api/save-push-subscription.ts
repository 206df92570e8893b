import type { PushSubscriptionInput } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api';

/** POST /api/push/subscriptions: this device's subscription, so pushes reach it. */
export function savePushSubscription(input: PushSubscriptionInput): Promise<void> {
  return api<void>('/api/push/subscriptions', { method: 'POST', body: input });
}
