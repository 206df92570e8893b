import { describe, expect, it } from 'vitest';
import { maskContacts, maskEmail, maskPhone } from './mask-contact';

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('ana@exemplo.com.br')).toBe('a***@exemplo.com.br');
    expect(maskEmail('Genoveva.Quintanilha+ingressos@gmail.com')).toBe('G***@gmail.com');
    expect(maskEmail('x@y.io')).toBe('x***@y.io');
  });

  it('gives no part of a text that is not an address', () => {
    expect(maskEmail('sem-arroba')).toBe('***');
    expect(maskEmail('@exemplo.com.br')).toBe('***');
  });
});

describe('maskPhone', () => {
  it('keeps country code, DDD, first digit and last four of a Brazilian number however it is written', () => {
    for (const phone of ['+5547991234567', '(47) 99123-4567', '47991234567', '+55 47 99123-4567']) {
      expect(maskPhone(phone)).toBe('+55 47 9****-4567');
    }
    expect(maskPhone('(47) 3333-4444')).toBe('+55 47 3***-4444');
  });

  it('keeps only the last four digits of anything else', () => {
    expect(maskPhone('+1 415 555 0100')).toBe('+* *** *** 0100');
    expect(maskPhone('123')).toBe('123');
  });
});

describe('maskContacts', () => {
  it('masks every e-mail address and Brazilian phone number in a text, and nothing else', () => {
    expect(maskContacts('/api/admin/staff/invitations/validator?email=ana@exemplo.com.br')).toBe(
      '/api/admin/staff/invitations/validator?email=a***@exemplo.com.br',
    );
    expect(maskContacts('para +5547991234567 e (11) 3333-4444, cópia bia@exemplo.com')).toBe(
      'para +55 47 9****-4567 e +55 11 3***-4444, cópia b***@exemplo.com',
    );
    const untouched = '/api/orders/550e8400-e29b-41d4-a716-554799123456?session_id=pi_3Q5547991234567x&date=2025-03-15';
    expect(maskContacts(untouched)).toBe(untouched);
  });
});
