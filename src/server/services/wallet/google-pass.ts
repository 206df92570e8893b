import { SignJWT, importPKCS8 } from 'jose';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { rotationSecretOf } from '../../domain/rotation-secret';
import { googleSaveClaims } from '../../domain/wallet-pass';
import { loadPassTickets } from './pass-ticket';
import type { WalletSettings } from './wallet-settings';

const SAVE_URL = 'https://pay.google.com/gp/v/save/';

/**
 * 'Adicionar ao Google Wallet' (docs/rules/tickets.md 'Wallet passes'): Google's save link for the
 * ticket `ticketId` of the account it belongs to, while it is valid, with Google Wallet configured:
 * `https://pay.google.com/gp/v/save/<jwt>`, the JWT (RS256, by the service account's key) carrying
 * the event's class and the ticket's EventTicketObject (domain/wallet-pass.ts googleSaveClaims; a
 * rotating barcode where the event's QR rotates). `now` is UTC. Throws DomainError('not_found')
 * otherwise.
 */
export async function getGoogleSaveUrlForOwner(
  db: Db,
  wallet: WalletSettings,
  signingKey: Buffer,
  userId: string,
  ticketId: string,
  now: Date = new Date(),
): Promise<{ saveUrl: string }> {
  const [ticket] = await loadPassTickets(db, [ticketId], now);
  const google = wallet.google;
  if (!google || !ticket || ticket.userId !== userId || ticket.displayStatus !== 'valid') throw new DomainError('not_found');
  const claims = googleSaveClaims(
    ticket,
    {
      issuerId: google.issuerId,
      serviceAccountEmail: google.serviceAccountEmail,
      issuerName: wallet.organizationName,
      origin: wallet.publicUrl,
    },
    ticket.event.rotatingQr ? rotationSecretOf(signingKey, ticket.code) : null,
  );
  const key = await importPKCS8(google.privateKey, 'RS256');
  const jwt = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(google.keyId ? { kid: google.keyId } : {}) })
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key);
  return { saveUrl: `${SAVE_URL}${jwt}` };
}
