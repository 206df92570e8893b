import { hasError, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { type PixBrCodeInput, buildPixBrCode, crc16CcittFalse, isValidBrCode, parseBrCode } from './br-code';

// Examples of the Banco Central's 'Manual de Padrões para Iniciação do Pix'. The static one is
// the one the brief names; the dynamic and the composite one (with an amount) are quoted with
// the same text by several independent public codebases, and their CRCs check out below.
const MANUAL_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const MANUAL_DYNAMIC =
  '00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4';
const MANUAL_COMPOSITE_WITH_AMOUNT =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406100.505802BR5913Fulano de Tal6008BRASILIA62070503***80740014br.gov.bcb.pix2552pix.example.com/rec/2353c790eefb11eaadc10242ac12000263042875';

const input: PixBrCodeInput = {
  pixKey: '123e4567-e12b-12d1-a456-426655440000',
  merchantName: 'Fulano de Tal',
  merchantCity: 'BRASILIA',
  amountCentavos: 10050,
  txid: '***',
};

describe('crc16CcittFalse', () => {
  it('gives the standard check value of CRC-16/CCITT-FALSE', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse('')).toBe('FFFF');
  });

  it('comes out 1D3D for the static example of the Pix manual', () => {
    expect(crc16CcittFalse(MANUAL_STATIC.slice(0, -4))).toBe('1D3D');
  });

  it('matches the dynamic and the composite examples of the Pix manual', () => {
    expect(crc16CcittFalse(MANUAL_DYNAMIC.slice(0, -4))).toBe('64E4');
    expect(crc16CcittFalse(MANUAL_COMPOSITE_WITH_AMOUNT.slice(0, -4))).toBe('2875');
  });

  it('checksums the UTF-8 bytes of non-ASCII text', () => {
    // 'é' is C3 A9 in UTF-8, not the single Latin-1 byte E9.
    expect(crc16CcittFalse('é')).toBe(crc16CcittFalseOfBytes([0xc3, 0xa9]));
    expect(crc16CcittFalse('é')).not.toBe(crc16CcittFalseOfBytes([0xe9]));
  });

  it('pads to four upper-case hex digits', () => {
    for (const text of ['a', 'Pix', 'São Paulo', MANUAL_STATIC]) {
      expect(crc16CcittFalse(text)).toMatch(/^[0-9A-F]{4}$/);
    }
  });
});

describe('buildPixBrCode', () => {
  it('lays out the manual fields in order with a one-time point of initiation and the amount', () => {
    const withoutCrc =
      '000201' +
      '010212' +
      '26580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
      '52040000' +
      '5303986' +
      '5406100.50' +
      '5802BR' +
      '5913FULANO DE TAL' +
      '6008BRASILIA' +
      '62070503***' +
      '6304';
    expect(buildPixBrCode(input)).toBe(withoutCrc + crc16CcittFalse(withoutCrc));
  });

  it('writes the amount in reais with two decimals', () => {
    const amountOf = (amountCentavos: number) => parseBrCode(buildPixBrCode({ ...input, amountCentavos }))?.['54'];
    expect(amountOf(1)).toBe('0.01');
    expect(amountOf(8000)).toBe('80.00');
    expect(amountOf(123456)).toBe('1234.56');
  });

  it('adds the description to the merchant account field', () => {
    const fields = parseBrCode(buildPixBrCode({ ...input, description: 'Pedido 123' }));
    expect(parseBrCode(fields!['26'])).toEqual({
      '00': 'br.gov.bcb.pix',
      '01': '123e4567-e12b-12d1-a456-426655440000',
      '02': 'Pedido 123',
    });
  });

  it('shortens a long description to fit the merchant account field', () => {
    const code = buildPixBrCode({ ...input, description: 'Ingressos '.repeat(20) });
    const merchantAccount = parseBrCode(code)!['26'];
    expect(merchantAccount.length).toBeLessThanOrEqual(99);
    expect(parseBrCode(merchantAccount)!['02']).toMatch(/^Ingressos Ingressos/);
    expect(isValidBrCode(code)).toBe(true);
  });

  it('writes name and city in upper-case plain ASCII within their limits', () => {
    const fields = parseBrCode(
      buildPixBrCode({ ...input, merchantName: 'Associação Cultural São João do Itajaí', merchantCity: 'Itajaí' }),
    );
    expect(fields!['59']).toBe('ASSOCIACAO CULTURAL SAO J');
    expect(fields!['60']).toBe('ITAJAI');
    const longCity = parseBrCode(buildPixBrCode({ ...input, merchantCity: 'São José dos Campos' }));
    expect(longCity!['60']).toBe('SAO JOSE DOS CA');
  });

  it('keeps only letters and digits of the txid, at most 25', () => {
    const txidOf = (txid: string) => parseBrCode(parseBrCode(buildPixBrCode({ ...input, txid }))!['62'])!['05'];
    expect(txidOf('ord-9f8e7d6c_5b4a')).toBe('ord9f8e7d6c5b4a');
    expect(txidOf('a'.repeat(30))).toBe('a'.repeat(25));
    expect(txidOf('---')).toBe('***');
    expect(txidOf('')).toBe('***');
  });

  it('makes codes that pass its own check and that pix-utils reads back', () => {
    const code = buildPixBrCode({
      pixKey: 'financeiro@nextlevel.com.br',
      merchantName: 'Next Level Eventos',
      merchantCity: 'Itajaí',
      amountCentavos: 34050,
      txid: 'NL9f8e7d6c5b4a39281706',
      description: 'Pedido 9f8e7d6c',
    });
    expect(isValidBrCode(code)).toBe(true);
    const parsed = parsePix(code);
    if (hasError(parsed)) throw new Error(`pix-utils refused the code: ${parsed.message}`);
    expect(parsed).toMatchObject({
      type: 'STATIC',
      pixKey: 'financeiro@nextlevel.com.br',
      merchantName: 'NEXT LEVEL EVENTOS',
      merchantCity: 'ITAJAI',
      transactionAmount: 340.5,
      txid: 'NL9f8e7d6c5b4a39281706',
      infoAdicional: 'Pedido 9f8e7d6c',
    });
  });

  it('refuses an amount that is not a positive whole number of centavos', () => {
    for (const amountCentavos of [0, -100, 10.5]) {
      expect(() => buildPixBrCode({ ...input, amountCentavos })).toThrow(
        expect.objectContaining({ code: 'validation_failed', details: { field: 'amountCentavos' } }),
      );
    }
  });

  it('refuses an empty merchant name or city', () => {
    expect(() => buildPixBrCode({ ...input, merchantName: ' ' })).toThrow(expect.objectContaining({ details: { field: 'merchantName' } }));
    expect(() => buildPixBrCode({ ...input, merchantCity: '' })).toThrow(expect.objectContaining({ details: { field: 'merchantCity' } }));
  });

  it('refuses a Pix key that cannot be encoded', () => {
    for (const pixKey of ['', 'x'.repeat(78), 'chave com espaço']) {
      expect(() => buildPixBrCode({ ...input, pixKey })).toThrow(expect.objectContaining({ code: 'internal' }));
    }
  });
});

describe('parseBrCode', () => {
  it('maps the top-level fields of the static manual example', () => {
    expect(parseBrCode(MANUAL_STATIC)).toEqual({
      '00': '01',
      '26': '0014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000',
      '52': '0000',
      '53': '986',
      '58': 'BR',
      '59': 'Fulano de Tal',
      '60': 'BRASILIA',
      '62': '0503***',
      '63': '1D3D',
    });
  });

  it('reads the sub-fields of a template', () => {
    expect(parseBrCode(parseBrCode(MANUAL_DYNAMIC)!['26'])).toEqual({
      '00': 'br.gov.bcb.pix',
      '25': 'pix.example.com/8b3da2f39a4140d1a91abd93113bd441',
    });
  });

  it('returns null for text that does not split into fields', () => {
    expect(parseBrCode('')).toBeNull();
    expect(parseBrCode('000201260')).toBeNull();
    expect(parseBrCode('0002010002 01')).toBeNull();
    expect(parseBrCode('0003xx')).toBeNull();
    expect(parseBrCode('AB0201')).toBeNull();
  });
});

describe('isValidBrCode', () => {
  it('accepts the examples of the Pix manual', () => {
    expect(isValidBrCode(MANUAL_STATIC)).toBe(true);
    expect(isValidBrCode(MANUAL_DYNAMIC)).toBe(true);
    expect(isValidBrCode(MANUAL_COMPOSITE_WITH_AMOUNT)).toBe(true);
  });

  it('ignores surrounding whitespace', () => {
    expect(isValidBrCode(`  ${MANUAL_STATIC}\n`)).toBe(true);
  });

  it('refuses a code whose CRC does not match', () => {
    expect(isValidBrCode(MANUAL_STATIC.replace('Fulano', 'Fulana'))).toBe(false);
    expect(isValidBrCode(MANUAL_STATIC.replace(/1D3D$/, '1D3E'))).toBe(false);
  });

  it('refuses a code whose fields do not parse or are out of place', () => {
    expect(isValidBrCode('')).toBe(false);
    expect(isValidBrCode(MANUAL_STATIC.slice(0, -1))).toBe(false);
    expect(isValidBrCode(MANUAL_STATIC.slice(6))).toBe(false);
    expect(isValidBrCode('NL1.abc.def')).toBe(false);
    const noCrc = MANUAL_STATIC.slice(0, -8);
    expect(isValidBrCode(noCrc)).toBe(false);
  });
});

function crc16CcittFalseOfBytes(bytes: number[]): string {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
