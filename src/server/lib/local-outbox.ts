import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { toE164 } from '../../shared/phone';

// Without SMTP or the WhatsApp API, messages are written as files to DATA_DIR/outbox
// (src/server/mail/mailer.ts, src/server/messaging/whatsapp.ts). Their names carry a hash of the
// recipient, not the address, so a listing or a log line shows no one's e-mail or number.

/** DATA_DIR/outbox, created if missing. */
export function localOutboxDir(dataDir: string): string {
  const dir = join(dataDir, 'outbox');
  mkdirSync(dir, { recursive: true });
  return dir;
}

// One form per recipient: an e-mail lower-cased, a Brazilian phone in E.164, anything else trimmed.
function normalizedRecipient(recipient: string): string {
  const text = recipient.trim();
  return text.includes('@') ? text.toLowerCase() : (toE164(text) ?? text);
}

/**
 * The recipient's tag in outbox file names: the first 16 hex digits of the SHA-256 of the
 * address as normalized (e-mail lower-cased, Brazilian phone in E.164), so
 * 'Ana@Exemplo.com.br' and 'ana@exemplo.com.br', or '(47) 99123-4567' and '+5547991234567',
 * share one tag.
 */
export function recipientTag(recipient: string): string {
  return createHash('sha256').update(normalizedRecipient(recipient)).digest('hex').slice(0, 16);
}

/** A new outbox file's name: '<UTC instant>-<recipient tag><suffix>', e.g. '2025-03-15T21-04-05-123Z-1f0c….eml'. */
export function localOutboxFileName(recipient: string, suffix: '.eml' | '.whatsapp.txt', now = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${recipientTag(recipient)}${suffix}`;
}
