import { describe, expect, it } from 'vitest';
import { createSandboxProvider } from './sandbox-provider';

const provider = () => createSandboxProvider({ pixKey: 'pix@exemplo.com.br', merchantName: 'NEXT LEVEL', merchantCity: 'ITAJAI' });

describe('sandbox refunds', () => {
  it('pays back once per idempotency key and returns the first refund id again', async () => {
    const sandbox = provider();
    const first = await sandbox.refund('sbx_0123456789abcdef', 8000, { idempotencyKey: 'refund_a' });
    const again = await sandbox.refund('sbx_0123456789abcdef', 8000, { idempotencyKey: 'refund_a' });
    const other = await sandbox.refund('sbx_0123456789abcdef', 8000, { idempotencyKey: 'refund_b' });
    expect(first.refundId).toMatch(/^sbx_re_0123456789ab_[0-9a-f]{8}$/);
    expect(again.refundId).toBe(first.refundId);
    expect(other.refundId).not.toBe(first.refundId);
  });
});

describe('sandbox payments', () => {
  const request = {
    orderId: '2f1c7a52-4c1b-4a2e-9a53-3f6d2b8c9e10',
    amountCentavos: 16000,
    method: 'pix' as const,
    installments: 1,
    buyer: { name: 'Ana', email: 'ana@exemplo.com.br', cpf: '52998224725' },
    description: 'Evento',
    expiresAt: new Date('2026-11-22T20:15:00Z'),
    idempotencyKey: 'order:2f1c7a52:create',
  };

  it('answers a repeated idempotency key with the first payment, as a provider does', async () => {
    const sandbox = provider();
    const first = await sandbox.createPayment(request);
    const again = await sandbox.createPayment(request);
    expect(again).toEqual(first);
    expect(first.pixCode).toContain('5406160.00');
    expect(first.clientSecret).toBeNull();
  });

  it('knows an approved test card paid, and a cancelled payment stays cancelled', async () => {
    const sandbox = provider();
    const card = await sandbox.createPayment({ ...request, method: 'card', idempotencyKey: 'k1' });
    const pix = await sandbox.createPayment({ ...request, idempotencyKey: 'k2' });
    const now = new Date('2026-11-22T20:00:00Z');
    await sandbox.chargeCard!(
      card.paymentId,
      16000,
      { number: '4242424242424242', holderName: 'ANA', expMonth: 12, expYear: 30, cvc: '123' },
      now,
    );
    await sandbox.cancelPayment(pix.paymentId);
    expect((await sandbox.getPaymentState(card.paymentId)).state).toBe('succeeded');
    expect((await sandbox.getPaymentState(pix.paymentId)).state).toBe('canceled');
  });
});
