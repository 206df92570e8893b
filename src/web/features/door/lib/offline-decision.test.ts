import { describe, expect, it } from 'vitest';
import type { DoorOfflineData, OfflineTicket } from '../../../../shared/schemas/tickets';
import { decideOffline, hashTicketCode, isTransferredAway } from './offline-decision';

const list = (transferredHashes: string[]): DoorOfflineData => ({
  event: { id: 'ev1', title: 'Noite da Portaria', opensAt: '2025-03-15T19:00:00.000Z', closesAt: '2025-03-16T03:00:00.000Z' },
  tickets: [],
  transferredHashes,
  generatedAt: '2025-03-15T18:00:00.000Z',
});
const inside = new Date('2025-03-15T23:00:00.000Z');
const valid: OfflineTicket = { hash: 'h1', holderName: 'Ana Lima', ticketTypeName: 'Pista', documentCheck: null, status: 'valid', checkedInAt: null };

describe('decideOffline', () => {
  it("refuses a transferred ticket's old code as transferred, as the server does", async () => {
    const hash = await hashTicketCode('NL1.codigo-antigo');
    const kept = list([hash]);
    expect(isTransferredAway(kept, hash)).toBe(true);
    const result = decideOffline(undefined, kept, undefined, inside, isTransferredAway(kept, hash));
    expect(result).toMatchObject({ accepted: false, reason: 'transferred', message: 'Ingresso transferido', holderName: null });
  });

  it('refuses a code on neither list as not on the list', () => {
    expect(decideOffline(undefined, list([]), undefined, inside, false)).toMatchObject({ accepted: false, reason: 'not_on_list' });
  });

  it("admits a valid ticket with its holder's name inside the window", () => {
    expect(decideOffline(valid, list([]), undefined, inside)).toMatchObject({ accepted: true, holderName: 'Ana Lima' });
  });

  it('reads a list kept before it carried transferred codes as having none', () => {
    const old = { ...list([]), transferredHashes: undefined } as unknown as DoorOfflineData;
    expect(isTransferredAway(old, 'h1')).toBe(false);
  });
});
