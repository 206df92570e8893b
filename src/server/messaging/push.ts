// `web-push` (and its crypto dependencies) load on the first push or key pair, not at every start.
const loadWebPush = () => import('web-push').then((module) => module.default);

/** A browser's push subscription as the Push API gives it (PushSubscription.toJSON()). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows: title, body and the page a click opens. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

export interface PushSender {
  /** The VAPID public key the browser subscribes with (base64url). */
  readonly publicKey: string;
  /**
   * Sends one encrypted push message (RFC 8291) signed with VAPID (RFC 8292). Returns 'gone' when
   * the push service answers 404 or 410 (the subscription no longer exists and is to be removed);
   * throws on any other failure, so the job retries.
   */
  send(target: PushTarget, payload: PushPayload): Promise<'sent' | 'gone'>;
}

/**
 * Web Push through the `web-push` library with the product's VAPID keys (ARCHITECTURE.md 'push':
 * generated once into the data folder unless given). `subject` is a mailto: or https: contact.
 */
export function createPushSender(options: { publicKey: string; privateKey: string; subject: string }): PushSender {
  const vapidDetails = { subject: options.subject, publicKey: options.publicKey, privateKey: options.privateKey };
  return {
    publicKey: options.publicKey,
    async send(target, payload) {
      try {
        const webpush = await loadWebPush();
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          { vapidDetails, TTL: 24 * 3600, urgency: 'high' },
        );
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw error;
      }
    },
  };
}

/** A new VAPID key pair (base64url), generated once and kept in the data folder. */
export async function generateVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  return (await loadWebPush()).generateVAPIDKeys();
}
