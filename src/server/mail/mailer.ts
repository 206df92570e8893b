import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { localOutboxDir, localOutboxFileName } from '../lib/local-outbox';
import { maskContacts } from '../lib/mask-contact';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one link the message is about (confirmation, tickets), logged in the local outbox. */
  link?: string;
  /** Files and inline images (an image with `cid` is shown where the HTML says `cid:<cid>`). */
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * E-mail sender: SMTP through nodemailer when `smtpUrl` is set, otherwise each message is
 * written as an .eml file to `<dataDir>/outbox`, named by a hash of the recipient
 * (lib/local-outbox.ts), and its link is logged (docs/architecture.md 'E-mail') with the address masked
 * ('a***@exemplo.com.br', lib/mask-contact.ts).
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: Logger }): Mailer {
  // nodemailer loads with the first message, not at every start.
  let transport: Promise<Transporter> | null = null;
  const transportFor = (settings: string | object) =>
    (transport ??= import('nodemailer').then((module) => module.default.createTransport(settings)));
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    return {
      async send(message) {
        await (await transportFor(smtpUrl)).sendMail({ from: options.from, ...message });
      },
    };
  }
  const outboxDir = localOutboxDir(options.dataDir);
  return {
    async send(message) {
      const local = await transportFor({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await local.sendMail({ from: options.from, ...message });
      const file = join(outboxDir, localOutboxFileName(message.to, '.eml'));
      writeFileSync(file, info.message as Buffer);
      options.log.info(
        { to: maskContacts(message.to), subject: message.subject, link: message.link, file },
        'e-mail gravado na caixa de saída local',
      );
    },
  };
}
