import { DomainError } from '../../shared/errors';

// Field ids of the BR Code (EMV QRCPS-MPM as profiled by the Banco Central's 'Manual de Padrões
// para Iniciação do Pix').
const ID = {
  payloadFormat: '00',
  pointOfInitiation: '01',
  merchantAccount: '26',
  merchantCategoryCode: '52',
  currency: '53',
  amount: '54',
  country: '58',
  merchantName: '59',
  merchantCity: '60',
  additionalData: '62',
  crc: '63',
} as const;
const PIX_GUI = 'br.gov.bcb.pix';
const MAX_FIELD_LENGTH = 99;
const MAX_PIX_KEY_LENGTH = 77;
const MAX_MERCHANT_NAME_LENGTH = 25;
const MAX_MERCHANT_CITY_LENGTH = 15;
const MAX_TXID_LENGTH = 25;
const MAX_AMOUNT_LENGTH = 13;

const utf8 = new TextEncoder();

/**
 * CRC-16/CCITT-FALSE of a text's UTF-8 bytes (polynomial 0x1021, initial value 0xFFFF, no
 * reflection, no final XOR) as four upper-case hex digits: the checksum the BR Code carries in
 * field 63 (Manual de Padrões para Iniciação do Pix; ISO/IEC 13239). '123456789' -> '29B1'.
 */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8.encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function field(id: string, value: string): string {
  if (value.length > MAX_FIELD_LENGTH) {
    throw new DomainError('internal', { reason: 'br_code_field_too_long', fieldId: id });
  }
  return id + String(value.length).padStart(2, '0') + value;
}

// Accents stripped ('Itajaí' -> 'Itajai'), then only printable ASCII kept, so that a field's
// declared length counts characters and bytes alike.
function plainAscii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function upperAscii(text: string, maxLength: number, inputField: string): string {
  const value = plainAscii(text).toUpperCase().slice(0, maxLength).trim();
  if (!value) throw new DomainError('validation_failed', { field: inputField });
  return value;
}

export interface PixBrCodeInput {
  /** The receiver's Pix key as registered (CPF/CNPJ digits, e-mail, +55 phone or random key). */
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** Integer centavos, at least 1. */
  amountCentavos: number;
  /** Reconciliation id; only letters and digits are kept, at most 25; '***' when none is left. */
  txid: string;
  /** Optional text shown to the payer (field 26-02); shortened to what fits. */
  description?: string;
}

/**
 * Builds a static Pix BR Code, the 'copia e cola' text also drawn as the QR (Banco Central,
 * 'Manual de Padrões para Iniciação do Pix', EMV QRCPS-MPM): 00 '01'; 01 '12' (one-time use);
 * 26 with GUI 'br.gov.bcb.pix', 01 key and optional 02 description; 52 '0000'; 53 '986' (BRL);
 * 54 amount in reais as '123.45'; 58 'BR'; 59 name and 60 city in upper-case plain ASCII
 * (accents stripped, at most 25 and 15 characters); 62 with 05 txid; 63 CRC16 over everything
 * up to and including '6304'.
 * Throws DomainError('validation_failed') with field 'amountCentavos', 'merchantName' or
 * 'merchantCity' for a non-positive or fractional amount or an empty name or city, and
 * DomainError('internal', { reason: 'pix_key_invalid' }) for a key that is empty, not ASCII or
 * longer than 77 characters (a configuration fault).
 */
export function buildPixBrCode(input: PixBrCodeInput): string {
  const pixKey = input.pixKey.trim();
  if (!pixKey || pixKey.length > MAX_PIX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(pixKey)) {
    throw new DomainError('internal', { reason: 'pix_key_invalid' });
  }
  const cents = input.amountCentavos;
  if (!Number.isSafeInteger(cents) || cents < 1) {
    throw new DomainError('validation_failed', { field: 'amountCentavos' });
  }
  const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  if (amount.length > MAX_AMOUNT_LENGTH) {
    throw new DomainError('validation_failed', { field: 'amountCentavos' });
  }

  let merchantAccount = field('00', PIX_GUI) + field('01', pixKey);
  const room = MAX_FIELD_LENGTH - merchantAccount.length - 4;
  const description = plainAscii(input.description ?? '')
    .slice(0, Math.max(room, 0))
    .trim();
  if (description) merchantAccount += field('02', description);

  const txid = input.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, MAX_TXID_LENGTH) || '***';

  const payload =
    field(ID.payloadFormat, '01') +
    field(ID.pointOfInitiation, '12') +
    field(ID.merchantAccount, merchantAccount) +
    field(ID.merchantCategoryCode, '0000') +
    field(ID.currency, '986') +
    field(ID.amount, amount) +
    field(ID.country, 'BR') +
    field(ID.merchantName, upperAscii(input.merchantName, MAX_MERCHANT_NAME_LENGTH, 'merchantName')) +
    field(ID.merchantCity, upperAscii(input.merchantCity, MAX_MERCHANT_CITY_LENGTH, 'merchantCity')) +
    field(ID.additionalData, field('05', txid)) +
    ID.crc +
    '04';
  return payload + crc16CcittFalse(payload);
}

/**
 * Reads a TLV text (two-digit id, two-digit length, value, repeated; surrounding whitespace
 * ignored) into a map of id -> value: the top-level fields of a BR Code, or the sub-fields of
 * one of its templates when given that field's value (e.g. parseBrCode(fields['26'])['01'] is
 * the Pix key). Returns null when the text does not split exactly into fields or an id repeats.
 * Checks no CRC: see isValidBrCode. Never throws.
 */
export function parseBrCode(text: string): Record<string, string> | null {
  const source = text.trim();
  const fields: Record<string, string> = {};
  let position = 0;
  while (position < source.length) {
    const header = source.slice(position, position + 4);
    if (!/^\d{4}$/.test(header)) return null;
    const id = header.slice(0, 2);
    const length = Number(header.slice(2));
    const value = source.slice(position + 4, position + 4 + length);
    if (value.length !== length || id in fields) return null;
    fields[id] = value;
    position += 4 + length;
  }
  return position > 0 ? fields : null;
}

/**
 * Whether a text is a well-formed BR Code whose checksum matches (Manual de Padrões para
 * Iniciação do Pix): it splits into TLV fields, starts with payload format '000201', ends with
 * field 63 of four hex digits, and that CRC16 equals crc16CcittFalse of everything before it
 * ('6304' included). Surrounding whitespace is ignored. Never throws.
 */
export function isValidBrCode(text: string): boolean {
  const source = text.trim();
  const fields = parseBrCode(source);
  if (!fields || !source.startsWith('000201')) return false;
  const crcStart = source.length - 8;
  if (crcStart < 0 || source.slice(crcStart, crcStart + 4) !== '6304') return false;
  const crc = source.slice(crcStart + 4);
  if (!/^[0-9A-Fa-f]{4}$/.test(crc) || fields[ID.crc] !== crc) return false;
  return crc16CcittFalse(source.slice(0, crcStart + 4)) === crc.toUpperCase();
}
