import { describe, expect, it } from 'vitest';
import {
  hasUsableWhatsappCode,
  isWhatsappCodeMatch,
  judgeWhatsappCode,
  newWhatsappCode,
  whatsappCodeHash,
  whatsappCodeMessage,
  whatsappCodeWaitMs,
  whatsappRecipient,
} from './whatsapp-confirmation';

const key = Buffer.alloc(32, 7);
const now = new Date('2026-03-13T23:00:00Z');
const confirmed = {
  whatsappNotifications: true,
  whatsappNumber: '+5547991234567',
  whatsappVerifiedNumber: '+5547991234567',
  whatsappVerifiedAt: now,
};

describe('whatsappRecipient', () => {
  it('is the number only when switched on and that very number was confirmed', () => {
    expect(whatsappRecipient(confirmed)).toBe('+5547991234567');
    expect(whatsappRecipient({ ...confirmed, whatsappNotifications: false })).toBeNull();
    expect(whatsappRecipient({ ...confirmed, whatsappVerifiedAt: null })).toBeNull();
    expect(whatsappRecipient({ ...confirmed, whatsappVerifiedNumber: null })).toBeNull();
    // Changed after the confirmation: someone else's number, maybe.
    expect(whatsappRecipient({ ...confirmed, whatsappNumber: '+5547991234568' })).toBeNull();
    expect(whatsappRecipient({ ...confirmed, whatsappNumber: null })).toBeNull();
    expect(whatsappRecipient(null)).toBeNull();
  });
});

describe('the code', () => {
  it('has six digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(newWhatsappCode()).toMatch(/^\d{6}$/);
  });

  it('is kept as a keyed hash bound to the user and the number', () => {
    const hash = whatsappCodeHash(key, 'u1', '+5547991234567', '012345');
    expect(hash).not.toContain('012345');
    expect(isWhatsappCodeMatch(key, 'u1', '+5547991234567', '012345', hash)).toBe(true);
    expect(isWhatsappCodeMatch(key, 'u1', '+5547991234567', '012346', hash)).toBe(false);
    expect(isWhatsappCodeMatch(key, 'u2', '+5547991234567', '012345', hash)).toBe(false);
    expect(isWhatsappCodeMatch(key, 'u1', '+5547991234568', '012345', hash)).toBe(false);
    expect(isWhatsappCodeMatch(Buffer.alloc(32, 8), 'u1', '+5547991234567', '012345', hash)).toBe(false);
    expect(isWhatsappCodeMatch(key, 'u1', '+5547991234567', '012345', 'curto')).toBe(false);
  });

  it('says in pt-BR that it lasts 10 minutes', () => {
    expect(whatsappCodeMessage('123456')).toMatch(/^Seu código de confirmação do WhatsApp é 123456\. Ele vale por 10 minutos\./);
  });
});

describe('judgeWhatsappCode', () => {
  const expiresAt = new Date(now.getTime() + 10 * 60_000);
  const right = () => true;
  const wrong = () => false;

  it('checks that a code was asked for, tries are left, it has not expired and was sent, then the code', () => {
    expect(judgeWhatsappCode({ hash: null, expiresAt: null, attempts: 0 }, right, now)).toBe('none');
    expect(judgeWhatsappCode({ hash: 'h', expiresAt, attempts: 5 }, right, now)).toBe('exhausted');
    expect(judgeWhatsappCode({ hash: 'h', expiresAt, attempts: 4 }, right, now)).toBe('right');
    expect(judgeWhatsappCode({ hash: 'h', expiresAt, attempts: 0 }, right, expiresAt)).toBe('expired');
    expect(judgeWhatsappCode({ hash: 'h', expiresAt, attempts: 0 }, right, new Date(expiresAt.getTime() - 1))).toBe('right');
    expect(judgeWhatsappCode({ hash: null, expiresAt, attempts: 0 }, right, now)).toBe('on_its_way');
    expect(judgeWhatsappCode({ hash: 'h', expiresAt, attempts: 0 }, wrong, now)).toBe('wrong');
  });

  it('offers the code field while a code can still be typed', () => {
    expect(hasUsableWhatsappCode({ expiresAt, attempts: 4 }, now)).toBe(true);
    expect(hasUsableWhatsappCode({ expiresAt, attempts: 5 }, now)).toBe(false);
    expect(hasUsableWhatsappCode({ expiresAt, attempts: 0 }, expiresAt)).toBe(false);
    expect(hasUsableWhatsappCode({ expiresAt: null, attempts: 0 }, now)).toBe(false);
  });
});

describe('whatsappCodeWaitMs', () => {
  it('allows one code a minute', () => {
    expect(whatsappCodeWaitMs(null, now)).toBe(0);
    expect(whatsappCodeWaitMs(new Date(now.getTime() - 20_000), now)).toBe(40_000);
    expect(whatsappCodeWaitMs(new Date(now.getTime() - 60_000), now)).toBe(0);
  });
});
