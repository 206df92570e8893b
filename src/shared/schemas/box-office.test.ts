import { describe, expect, it } from 'vitest';
import { boxOfficeSaleSchema } from './box-office';

const sale = {
  nonce: 'n-0001-legacy',
  blockId: '5f1c1b6e-3a4e-4d7a-9a51-0d0f5e0c2a11',
  drawerId: '7b2d9c44-8e1f-4b6a-a3c2-1e5f6a7b8c9d',
  deviceId: 'device-0001',
  full: 1,
  courtesy: 0,
  codes: [],
  payment: { method: 'cash', cashTenderedCentavos: 5000 },
  soldAt: '2026-11-27T23:15:00.000Z',
  admit: false,
};
const student = { concession: 'student', name: 'Lia Souza', cpf: '111.444.777-35', documentNumber: 'CIE-123' };

describe('boxOfficeSaleSchema', () => {
  it('reads the meia-entrada units of a sale queued by an older page under `half` as `meia`', () => {
    const parsed = boxOfficeSaleSchema.parse({ ...sale, half: [student] });
    expect(parsed.meia).toHaveLength(1);
    expect(parsed.meia[0].name).toBe('Lia Souza');
    expect('half' in parsed).toBe(false);
  });

  it('keeps `meia` when a sale sends both, and refuses a sale with neither', () => {
    expect(boxOfficeSaleSchema.parse({ ...sale, meia: [], half: [student] }).meia).toEqual([]);
    expect(boxOfficeSaleSchema.safeParse(sale).success).toBe(false);
  });
});
