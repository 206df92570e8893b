import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';

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
 * written as an .eml file to `<dataDir>/outbox` and its link is logged (ARCHITECTURE.md).
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Logger;
}): Mailer {
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
  const outboxDir = join(options.dataDir, 'outbox');
  mkdirSync(outboxDir, { recursive: true });
  return {
    async send(message) {
      const local = await transportFor({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await local.sendMail({ from: options.from, ...message });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
      options.log.info({ to: message.to, subject: message.subject, link: message.link, file }, 'e-mail gravado na caixa de saída local');
    },
  };
}
