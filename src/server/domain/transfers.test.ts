import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/errors';
import { decideAcceptance, decideHolderEdit, decideTransfer, transferDeadline, type TransferEvent, type TransferTicket } from './transfers';

// Event on 2025-03-15 at 20:00 in São Paulo (UTC-3): starts at 2025-03-15T23:00:00Z.
const event: TransferEvent = {
  date: '2025-03-15',
  startTime: '20:00',
  cancelledAt: null,
  nominal: false,
  transferAllowed: true,
  transferDeadlineHours: 24,
};
const ticket: TransferTicket = { status: 'valid', orderStatus: 'completed', checkedInAt: null, concession: null };
const before = new Date('2025-03-10T12:00:00Z');
const cpf = '52998224725';

function codeOf(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

const transfer = (overrides: Partial<Parameters<typeof decideTransfer>[0]> = {}) =>
  codeOf(() =>
    decideTransfer({
      event,
      ticket,
      senderEmail: 'ana@exemplo.com.br',
      toEmail: 'bia@exemplo.com.br',
      toCpf: null,
      hasPendingTransfer: false,
      now: before,
      ...overrides,
    }),
  );

const accept = (overrides: Partial<Parameters<typeof decideAcceptance>[0]> = {}) =>
  codeOf(() =>
    decideAcceptance({
      transfer: { status: 'pending', toEmail: 'bia@exemplo.com.br' },
      accountEmail: 'Bia@Exemplo.com.br',
      event,
      ticket,
      cpf: null,
      declared: { concession: null, documentNumber: null },
      now: before,
      ...overrides,
    }),
  );

describe('transferDeadline', () => {
  it("is the organizer's hours before the start, 24 by default", () => {
    expect(transferDeadline(event).toISOString()).toBe('2025-03-14T23:00:00.000Z');
    expect(transferDeadline({ ...event, transferDeadlineHours: 0 }).toISOString()).toBe('2025-03-15T23:00:00.000Z');
  });
});

describe('decideTransfer', () => {
  it('lets the owner send a live ticket to another e-mail before the deadline', () => {
    expect(transfer()).toBeNull();
  });

  it('closes at the deadline, not a second later', () => {
    expect(transfer({ now: new Date('2025-03-14T22:59:59Z') })).toBeNull();
    expect(transfer({ now: new Date('2025-03-14T23:00:00Z') })).toBe('transfer_closed');
  });

  it('refuses when the organizer forbids transfers', () => {
    expect(transfer({ event: { ...event, transferAllowed: false } })).toBe('transfer_not_allowed');
  });

  it('refuses a used, refunded, cancelled or unpaid ticket, and one of a cancelled event', () => {
    expect(transfer({ ticket: { ...ticket, checkedInAt: new Date() } })).toBe('ticket_not_transferable');
    expect(transfer({ ticket: { ...ticket, status: 'refunded' } })).toBe('ticket_not_transferable');
    expect(transfer({ ticket: { ...ticket, status: 'cancelled' } })).toBe('ticket_not_transferable');
    expect(transfer({ ticket: { ...ticket, orderStatus: 'pending' } })).toBe('ticket_not_transferable');
    expect(transfer({ event: { ...event, cancelledAt: new Date() } })).toBe('ticket_not_transferable');
  });

  it("refuses the sender's own e-mail whatever its case", () => {
    expect(transfer({ toEmail: ' ANA@exemplo.com.br ' })).toBe('transfer_to_self');
  });

  it('refuses a second pending transfer of the ticket', () => {
    expect(transfer({ hasPendingTransfer: true })).toBe('transfer_already_pending');
  });

  it('asks a valid CPF of the recipient where the event is nominal', () => {
    const nominal = { ...event, nominal: true };
    expect(transfer({ event: nominal })).toBe('holder_cpf_required');
    expect(transfer({ event: nominal, toCpf: '111.111.111-11' })).toBe('cpf_invalid');
    expect(transfer({ event: nominal, toCpf: cpf })).toBeNull();
  });
});

describe('decideAcceptance', () => {
  it("lets the account of the recipient's e-mail accept a pending transfer", () => {
    expect(accept()).toBeNull();
  });

  it('refuses accepting twice and accepting a cancelled transfer', () => {
    expect(accept({ transfer: { status: 'accepted', toEmail: 'bia@exemplo.com.br' } })).toBe('transfer_already_accepted');
    expect(accept({ transfer: { status: 'cancelled', toEmail: 'bia@exemplo.com.br' } })).toBe('transfer_was_cancelled');
  });

  it('refuses an account of another e-mail', () => {
    expect(accept({ accountEmail: 'carla@exemplo.com.br' })).toBe('transfer_wrong_account');
  });

  it('refuses once the ticket was used or the event started', () => {
    expect(accept({ ticket: { ...ticket, checkedInAt: new Date() } })).toBe('ticket_not_transferable');
    expect(accept({ now: new Date('2025-03-15T23:00:00Z') })).toBe('transfer_closed');
  });

  it('gives a meia-entrada only to who declares the same category and its document, with a CPF', () => {
    const meia = { ...ticket, concession: 'student' as const };
    expect(accept({ ticket: meia, cpf, declared: { concession: 'id_jovem', documentNumber: '123' } })).toBe('transfer_meia_mismatch');
    expect(accept({ ticket: meia, cpf, declared: { concession: 'student', documentNumber: ' ' } })).toBe('transfer_meia_mismatch');
    expect(accept({ ticket: meia, declared: { concession: 'student', documentNumber: 'CIE 123' } })).toBe('holder_cpf_required');
    expect(accept({ ticket: meia, cpf, declared: { concession: 'student', documentNumber: 'CIE 123' } })).toBeNull();
    expect(
      accept({ ticket: { ...ticket, concession: 'senior' }, cpf, declared: { concession: 'senior', documentNumber: null } }),
    ).toBeNull();
  });
});

describe('decideHolderEdit', () => {
  it('lets the owner rename the holder until the event starts', () => {
    expect(codeOf(() => decideHolderEdit({ event, ticket, holderCpf: null, now: new Date('2025-03-15T22:59:59Z') }))).toBeNull();
    expect(codeOf(() => decideHolderEdit({ event, ticket, holderCpf: null, now: new Date('2025-03-15T23:00:00Z') }))).toBe('holder_locked');
  });

  it('asks the CPF where the event is nominal and refuses a dead ticket', () => {
    expect(codeOf(() => decideHolderEdit({ event: { ...event, nominal: true }, ticket, holderCpf: null, now: before }))).toBe(
      'holder_cpf_required',
    );
    expect(codeOf(() => decideHolderEdit({ event, ticket: { ...ticket, status: 'refunded' }, holderCpf: null, now: before }))).toBe(
      'holder_not_editable',
    );
  });
});
