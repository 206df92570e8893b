import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { localOutboxDir, localOutboxFileName } from '../lib/local-outbox';
import { maskPhone } from '../lib/mask-contact';

/** How long one call to the WhatsApp Cloud API may take (ms), well under the worker's job deadline. */
const WHATSAPP_TIMEOUT_MS = 15_000;

export interface WhatsAppSender {
  /** 'cloud' sends through the WhatsApp Business Cloud API; 'outbox' writes files, like e-mail without SMTP. */
  readonly mode: 'cloud' | 'outbox';
  /** Sends a text to a number in E.164 ('+5511999990000'). Throws when the API refuses, so the job retries. */
  send(toE164: string, text: string): Promise<void>;
}

/**
 * WhatsApp messages (docs/rules/notifications.md 'Channels': WhatsApp when its API is configured).
 * With a token and a phone-number id, through the WhatsApp Business Cloud API (Graph API
 * `POST /{phone-number-id}/messages`, `messaging_product: 'whatsapp'`, type text, as Meta's
 * reference documents it; Meta keeps no maintained Node SDK for it). Otherwise each message is
 * written to `<dataDir>/outbox/*.whatsapp.txt`, named by a hash of the number
 * (lib/local-outbox.ts), and logged with the number masked ('+55 47 9****-4567').
 */
export function createWhatsAppSender(options: {
  token?: string;
  phoneNumberId?: string;
  apiUrl: string;
  dataDir: string;
  log: Logger;
}): WhatsAppSender {
  if (options.token && options.phoneNumberId) {
    const url = `${options.apiUrl.replace(/\/$/, '')}/${encodeURIComponent(options.phoneNumberId)}/messages`;
    return {
      mode: 'cloud',
      async send(toE164, text) {
        const response = await fetch(url, {
          method: 'POST',
          // A Graph API that hangs fails this try within WHATSAPP_TIMEOUT_MS; the job is retried.
          signal: AbortSignal.timeout(WHATSAPP_TIMEOUT_MS),
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: toE164.replace(/^\+/, ''),
            type: 'text',
            text: { preview_url: true, body: text },
          }),
        });
        if (!response.ok) throw new Error(`WhatsApp Cloud API answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      },
    };
  }
  const outboxDir = localOutboxDir(options.dataDir);
  return {
    mode: 'outbox',
    async send(toE164, text) {
      const file = join(outboxDir, localOutboxFileName(toE164, '.whatsapp.txt'));
      writeFileSync(file, `Para: ${toE164}\n\n${text}\n`);
      options.log.info({ to: maskPhone(toE164), file }, 'WhatsApp gravado na caixa de saída local');
    },
  };
}
