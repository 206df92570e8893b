import { Agent } from 'node:https';
import { withDeadline } from '../lib/deadline';
import { publicOnlyLookup, pushEndpointProblem } from './push-endpoints';

// `web-push` (and its crypto dependencies) load on the first push or key pair, not at every start.
const loadWebPush = () => import('web-push').then((module) => module.default);

/**
 * Longest a push service may take to answer one message (connect, send, answer), in ms. Push
 * services answer in well under a second; one that accepts the connection and never answers
 * must not hold the job (and its worker lane) longer than this.
 */
export const PUSH_TIMEOUT_MS = 10_000;

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
  /** Why this sender would not call `endpoint` (push-endpoints.ts pushEndpointProblem), or null. */
  endpointProblem(endpoint: string): string | null;
  /**
   * Sends one encrypted push message (RFC 8291) signed with VAPID (RFC 8292). Returns 'gone' when
   * the push service answers 404 or 410 (the subscription no longer exists and is to be removed);
   * throws on any other failure, so the job retries.
   */
  send(target: PushTarget, payload: PushPayload): Promise<'sent' | 'gone'>;
}

/**
 * Web Push through the `web-push` library with the product's VAPID keys (docs/architecture.md 'Push':
 * generated once into the data folder unless given). `subject` is a mailto: or https: contact.
 * Each message gives up after PUSH_TIMEOUT_MS. Only endpoints of the browsers' push services are
 * called (push-endpoints.ts pushEndpointProblem: an endpoint saved before that rule is refused
 * here with 'gone', so its row is removed), and only at public addresses, checked when the
 * connection is made (publicOnlyLookup); `trustedOrigins` (PUSH_TRUSTED_ORIGINS) are called as
 * configured, without those checks.
 */
export function createPushSender(options: {
  publicKey: string;
  privateKey: string;
  subject: string;
  trustedOrigins?: readonly string[];
}): PushSender {
  const vapidDetails = { subject: options.subject, publicKey: options.publicKey, privateKey: options.privateKey };
  const trustedOrigins = options.trustedOrigins ?? [];
  // The socket's idle timeout is half the budget: Node counts it from the connection (a TLS
  // handshake never answered was measured to end at twice it); the deadline bounds the whole.
  const idleTimeout = PUSH_TIMEOUT_MS / 2;
  const publicOnly = new Agent({ keepAlive: true, lookup: publicOnlyLookup, timeout: idleTimeout });
  return {
    publicKey: options.publicKey,
    endpointProblem: (endpoint) => pushEndpointProblem(endpoint, trustedOrigins),
    async send(target, payload) {
      if (pushEndpointProblem(target.endpoint, trustedOrigins)) return 'gone';
      const trusted = trustedOrigins.includes(new URL(target.endpoint).origin);
      try {
        const webpush = await loadWebPush();
        await withDeadline(
          webpush.sendNotification(
            { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
            JSON.stringify(payload),
            { vapidDetails, TTL: 24 * 3600, urgency: 'high', timeout: idleTimeout, ...(trusted ? {} : { agent: publicOnly }) },
          ),
          PUSH_TIMEOUT_MS,
          `push to ${new URL(target.endpoint).host}`,
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
