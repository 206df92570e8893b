import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';
import { generateVapidKeys } from './messaging/push';

export interface Secrets {
  sessionSecret: string;
  ticketSigningKey: Buffer;
  /** Web Push VAPID key pair (base64url, RFC 8292). */
  vapid: { publicKey: string; privateKey: string };
}

/**
 * Secrets from the environment, or generated once into `<DATA_DIR>/secrets.json` and reused
 * (docs/architecture.md 'Settings and secrets': absent secrets, VAPID keys included, are generated on first start).
 * Async only because the VAPID keys come from `web-push`, loaded when they are first made.
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  mkdirSync(config.DATA_DIR, { recursive: true });
  const file = join(config.DATA_DIR, 'secrets.json');
  let stored: { sessionSecret?: string; ticketSigningKey?: string; vapidPublicKey?: string; vapidPrivateKey?: string } = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  let changed = false;
  if (!config.SESSION_SECRET && !stored.sessionSecret) {
    stored.sessionSecret = randomBytes(32).toString('base64url');
    changed = true;
  }
  if (!config.TICKET_SIGNING_KEY && !stored.ticketSigningKey) {
    stored.ticketSigningKey = randomBytes(32).toString('base64url');
    changed = true;
  }
  const vapidFromEnv = config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY;
  if (!vapidFromEnv && (!stored.vapidPublicKey || !stored.vapidPrivateKey)) {
    const keys = await generateVapidKeys();
    stored.vapidPublicKey = keys.publicKey;
    stored.vapidPrivateKey = keys.privateKey;
    changed = true;
  }
  if (changed) writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  return {
    sessionSecret: config.SESSION_SECRET ?? stored.sessionSecret!,
    ticketSigningKey: Buffer.from(config.TICKET_SIGNING_KEY ?? stored.ticketSigningKey!, 'utf8'),
    vapid: vapidFromEnv
      ? { publicKey: config.VAPID_PUBLIC_KEY!, privateKey: config.VAPID_PRIVATE_KEY! }
      : { publicKey: stored.vapidPublicKey!, privateKey: stored.vapidPrivateKey! },
  };
}
