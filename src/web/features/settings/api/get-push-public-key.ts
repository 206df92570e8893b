import { api } from '../../../lib/api';

/** GET /api/push/public-key: the VAPID key browsers subscribe with (base64url), null when push is off on the server. */
export function getPushPublicKey(): Promise<{ publicKey: string | null }> {
  return api<{ publicKey: string | null }>('/api/push/public-key');
}
