import { PKPass } from 'passkit-generator';
import { DomainError } from '../../../shared/errors';
import type { Db } from '../../db/client';
import { applePassJson, walletPassToken, type PassTicket } from '../../domain/wallet-pass';
import { loadPassTickets, passVersions } from './pass-ticket';
import type { AppleWalletCredentials, WalletSettings } from './wallet-settings';

/** A built .pkpass: its bytes, its file name and when the pass last changed (UTC). */
export interface ApplePassFile {
  file: Buffer;
  fileName: string;
  updatedAt: Date;
}

/**
 * The signed .pkpass of `ticket` (Apple's 'Wallet Passes' package: pass.json, icons,
 * manifest.json with each file's SHA-1, and `signature`, a detached PKCS#7 of the manifest by the
 * pass certificate with Apple's WWDR certificate), built with passkit-generator. `token` is the
 * pass's authenticationToken (domain/wallet-pass.ts walletPassToken). Throws the library's error
 * when the credentials cannot sign.
 */
export function buildApplePassFile(
  ticket: PassTicket,
  apple: AppleWalletCredentials,
  organizationName: string,
  icon: Buffer,
  token: string,
): Buffer {
  const passJson = applePassJson(
    ticket,
    { passTypeId: apple.passTypeId, teamId: apple.teamId, organizationName, webServiceUrl: apple.webServiceUrl },
    token,
  );
  const pass = new PKPass(
    {
      'pass.json': Buffer.from(JSON.stringify(passJson)),
      'icon.png': icon,
      'icon@2x.png': icon,
      'icon@3x.png': icon,
      'logo.png': icon,
      'logo@2x.png': icon,
    },
    {
      wwdr: apple.wwdr,
      signerCert: apple.signerCert,
      signerKey: apple.signerKey,
      ...(apple.signerKeyPassphrase ? { signerKeyPassphrase: apple.signerKeyPassphrase } : {}),
    },
  );
  return pass.getAsBuffer();
}

/** 'ingresso-<event in lower case with hyphens>.pkpass'. */
function passFileName(ticket: PassTicket): string {
  const slug = ticket.event.title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `ingresso-${slug || 'evento'}.pkpass`;
}

/**
 * 'Adicionar à Apple Wallet' (docs/rules/tickets.md 'Wallet passes'): the .pkpass of the ticket
 * `ticketId` for the account it belongs to (tickets.user_id, as 'Editar titular' checks it), while
 * it is valid, on an event whose QR does not rotate, with Apple Wallet configured. `now` is UTC.
 * Throws DomainError('not_found') otherwise (another's ticket, not offered).
 */
export async function getApplePassForOwner(
  db: Db,
  wallet: WalletSettings,
  icon: () => Buffer,
  signingKey: Buffer,
  userId: string,
  ticketId: string,
  now: Date = new Date(),
): Promise<ApplePassFile> {
  const [ticket] = await loadPassTickets(db, [ticketId], now);
  if (!wallet.apple || !ticket || ticket.userId !== userId) throw new DomainError('not_found');
  if (ticket.displayStatus !== 'valid' || ticket.event.rotatingQr) throw new DomainError('not_found');
  const versions = await passVersions(db, [ticket], now);
  const file = buildApplePassFile(
    ticket,
    wallet.apple,
    wallet.organizationName,
    icon(),
    walletPassToken(signingKey, ticket.id, ticket.code),
  );
  return { file, fileName: passFileName(ticket), updatedAt: versions.get(ticket.id)! };
}
