import { sql } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { TransferView } from '../../../shared/schemas/transfers';
import type { Db } from '../../db/client';
import { hashTransferToken, readTickets, readTransfers, toTransferView } from './ticket-rows';

/**
 * The transfer a link's token names, for the 'Aceitar ingresso' page (anyone holding the link,
 * signed in or not: it names the event, the ticket, the sender and the recipient's name and
 * e-mail, so they know with which account to sign in). Never the ticket's code.
 * Throws DomainError('transfer_not_found') for an unknown token.
 */
export async function getTransferByToken(db: Db, token: string): Promise<TransferView> {
  const [row] = await readTransfers(db, sql`tt.token_hash = ${hashTransferToken(token)}`);
  if (!row) throw new DomainError('transfer_not_found');
  const [ticket] = await readTickets(db, { ids: [row.ticket_id] });
  if (!ticket) throw new DomainError('transfer_not_found');
  return toTransferView(row, ticket);
}
