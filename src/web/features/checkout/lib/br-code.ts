/**
 * The merchant name (field 59) of a PIX BR Code, the name the payer's bank shows, read from the
 * code's top-level fields (EMV QRCPS: two-digit id, two-digit length, value; Manual de Padrões para
 * Iniciação do Pix, BCB). Null when the code is malformed or has no name.
 */
export function brCodeMerchantName(code: string): string | null {
  let index = 0;
  while (index + 4 <= code.length) {
    const id = code.slice(index, index + 2);
    const length = Number(code.slice(index + 2, index + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) return null;
    const value = code.slice(index + 4, index + 4 + length);
    if (value.length !== length) return null;
    if (id === '59') return value.trim() || null;
    index += 4 + length;
  }
  return null;
}
