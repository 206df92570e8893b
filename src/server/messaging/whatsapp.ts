import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';

export interface WhatsAppSender {
  /** 'cloud' sends through the WhatsApp Business Cloud API; 'outbox' writes files, like e-mail without SMTP. */
  readonly mode: 'cloud' | 'outbox';
  /** Sends a text to a number in E.164 ('+5511999990000'). Throws when the API refuses, so the job retries. */
  send(toE164: string, text: string): Promise<void>;
}

/**
 * WhatsApp messages (PRODUCT.md 'Accounts and data': WhatsApp when its API is configured).
 * With a token and a phone-number id, through the WhatsApp Business Cloud API (Graph API
 * `POST /{phone-number-id}/messages`, `messaging_product: 'whatsapp'`, type text, as Meta's
 * reference documents it; Meta keeps no maintained Node SDK for it). Otherwise each message is
 * written to `<dataDir>/outbox/*.whatsapp.txt` and logged.
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
  const outboxDir = join(options.dataDir, 'outbox');
  mkdirSync(outboxDir, { recursive: true });
  return {
    mode: 'outbox',
    async send(toE164, text) {
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${toE164.replace(/\D/g, '')}.whatsapp.txt`);
      writeFileSync(file, `Para: ${toE164}\n\n${text}\n`);
      options.log.info({ to: toE164, file }, 'WhatsApp gravado na caixa de saída local');
    },
  };
}
