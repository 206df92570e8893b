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

  it('gives a new refund id to each call without a key', async () => {
    const sandbox = provider();
    const a = await sandbox.refund('sbx_0123456789abcdef', 100);
    const b = await sandbox.refund('sbx_0123456789abcdef', 100);
    expect(a.refundId).not.toBe(b.refundId);
  });
});
