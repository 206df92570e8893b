import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { formatPhone, toE164 } from '../../shared/phone';

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

/**
 * Deletes the outbox files addressed to any of `emails` or `phones` (an account being deleted:
 * LGPD art. 16, art. 18 VI): a file whose name carries one's tag, or whose text contains one
 * (an e-mail case-insensitively; a phone as E.164, '(47) 99123-4567' or bare digits), which
 * also finds files written before names were tags. Only '.eml' and '.whatsapp.txt' files are
 * read. Returns how many were deleted; a missing folder deletes none. Throws only on a file
 * system error other than a file already gone.
 */
export async function removeLocalOutboxFiles(dataDir: string, recipients: { emails: string[]; phones: string[] }): Promise<number> {
  const emails = recipients.emails.map((e) => e.trim().toLowerCase()).filter((e) => e.includes('@'));
  const phones = recipients.phones.map((p) => toE164(p)).filter((p): p is string => p !== null);
  if (emails.length === 0 && phones.length === 0) return 0;
  const tags = [...emails, ...phones].map(recipientTag);
  const needles = [...emails, ...phones.flatMap((p) => [p, formatPhone(p), p.slice(3)])];
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.eml') && !name.endsWith('.whatsapp.txt')) continue;
    const file = join(dir, name);
    let addressed = tags.some((tag) => name.includes(tag));
    if (!addressed) {
      const text = await readFile(file, 'utf8').catch(() => '');
      const lower = text.toLowerCase();
      addressed = needles.some((needle) => lower.includes(needle));
    }
    if (addressed) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
