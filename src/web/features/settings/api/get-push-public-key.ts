import type { PushPublicKey } from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/api';

/** GET /api/push/public-key: the VAPID key browsers subscribe with (base64url), null when push is off on the server. */
export function getPushPublicKey(): Promise<PushPublicKey> {
  return api<PushPublicKey>('/api/push/public-key');
}
