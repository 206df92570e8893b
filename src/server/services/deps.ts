import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { PaymentProvider } from '../payments/provider';

/** What services need besides their input: the database and the outside world. */
export interface ServiceDeps {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  log: Logger;
  ticketSigningKey: Buffer;
  /** Minutes an unpaid order holds its tickets. */
  orderHoldMinutes: number;
  publicUrl: string;
}
