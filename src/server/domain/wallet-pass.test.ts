import { describe, expect, it } from 'vitest';
import { TOTP, Secret } from 'otpauth';
import { rotatingQrPayload } from '../../shared/rotating-qr';
import { APPLE_WALLET_ROTATING_REASON } from '../../shared/schemas/wallet';
import {
  googleSaveClaims,
  isWalletPassToken,
  saoPauloDateTime,
  ticketWalletOptions,
  walletPassToken,
  type PassTicket,
} from './wallet-pass';

const ticket: PassTicket = {
  id: '7b0c5c8e-1f43-4a57-9d1e-0a4c1f2b3c4d',
  code: 'NL1.abc.def',
  sectorName: 'Pista',
  holderName: 'Ana Lima',
  event: {
    id: 'e1',
    title: 'Noite',
    date: '2026-03-14',
    startTime: '23:00',
    endTime: '02:00',
    location: 'Arena',
    fullAddress: null,
    rotatingQr: true,
  },
  voided: false,
};
const key = Buffer.from('k'.repeat(32));

describe('wallet passes', () => {
  it('offers Apple only off rotating-QR events, with the reason, and nothing for a ticket that is not valid', () => {
    const both = { apple: true, google: true };
    expect(ticketWalletOptions({ displayStatus: 'valid', rotatingQr: false }, both)).toEqual({ apple: true, google: true });
    expect(ticketWalletOptions({ displayStatus: 'valid', rotatingQr: true }, both)).toEqual({
      apple: false,
      appleUnavailableReason: APPLE_WALLET_ROTATING_REASON,
      google: true,
    });
    expect(ticketWalletOptions({ displayStatus: 'valid', rotatingQr: true }, { apple: false, google: true })).toEqual({
      apple: false,
      google: true,
    });
    expect(ticketWalletOptions({ displayStatus: 'used', rotatingQr: false }, both)).toBeUndefined();
    expect(ticketWalletOptions({ displayStatus: 'valid', rotatingQr: false }, { apple: false, google: false })).toBeUndefined();
  });

  it("derives the pass token from the ticket's id and code", () => {
    const token = walletPassToken(key, ticket.id, ticket.code);
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    expect(isWalletPassToken(key, ticket.id, ticket.code, token)).toBe(true);
    expect(isWalletPassToken(key, ticket.id, 'NL1.other', token)).toBe(false);
    expect(isWalletPassToken(key, ticket.id, ticket.code, 'short')).toBe(false);
  });

  it("writes São Paulo's wall time with its offset", () => {
    expect(saoPauloDateTime('2026-03-14', '23:00', new Date('2026-03-15T02:00:00Z'))).toBe('2026-03-14T23:00:00-03:00');
  });

  it("makes Google's rotating barcode the same QR the app shows at the same instant", () => {
    const secret = new Secret({ size: 20 }).base32;
    const claims = googleSaveClaims(
      ticket,
      { issuerId: '3388', serviceAccountEmail: 'sa@x', issuerName: 'NL', origin: 'https://x' },
      secret,
    ) as {
      payload: {
        eventTicketObjects: { rotatingBarcode: { valuePattern: string; totpDetails: { parameters: { key: string }[] } } }[];
        eventTicketClasses: { dateTime: object }[];
      };
    };
    const barcode = claims.payload.eventTicketObjects[0].rotatingBarcode;
    const now = new Date('2026-03-14T20:00:10Z');
    const fromGoogleKey = new TOTP({
      secret: Secret.fromHex(barcode.totpDetails.parameters[0].key),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    });
    expect(barcode.valuePattern.replace('{totp_value_0}', fromGoogleKey.generate({ timestamp: now.getTime() }))).toBe(
      rotatingQrPayload(ticket.code, secret, now),
    );
    // A night past midnight ends the next day.
    expect(claims.payload.eventTicketClasses[0].dateTime).toEqual({ start: '2026-03-14T23:00:00-03:00', end: '2026-03-15T02:00:00-03:00' });
  });
});
