import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { PaymentProvider } from '../payments/provider';
import type { PushSender } from '../messaging/push';
import type { WhatsAppSender } from '../messaging/whatsapp';

/** What services need besides their input: the database and the outside world. */
export interface ServiceDeps {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  log: Logger;
  ticketSigningKey: Buffer;
  /** Minutes an unpaid order holds its tickets. */
  orderHoldMinutes: number;
  /** Minutes before an event's start its door opens (domain/door-window doorWindow). */
  doorOpensMinutesBefore: number;
  publicUrl: string;
  /** Web Push with the product's VAPID keys; absent = push is not sent. */
  push?: PushSender;
  /** WhatsApp Cloud API, or the local outbox folder; absent = WhatsApp is not sent. */
  whatsapp?: WhatsAppSender;
}
