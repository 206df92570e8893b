import { describe, expect, it } from 'vitest';
import { brCodeMerchantName } from './br-code';

// A static BR Code as the BCB manual builds it: payload format, merchant account, category,
// currency, amount, country, name (59), city (60), additional data, CRC.
const code =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406150.005802BR5918NEXT LEVEL EVENTOS6006ITAJAI62070503***6304ABCD';

describe('brCodeMerchantName', () => {
  it('reads the merchant name of field 59', () => {
    expect(brCodeMerchantName(code)).toBe('NEXT LEVEL EVENTOS');
  });

  it('is null for a malformed code or one without a name', () => {
    expect(brCodeMerchantName('000201')).toBeNull();
    expect(brCodeMerchantName('0002015999')).toBeNull();
    expect(brCodeMerchantName('')).toBeNull();
  });
});
