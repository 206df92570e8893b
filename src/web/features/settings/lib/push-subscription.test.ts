import { describe, expect, it } from 'vitest';
import { base64UrlToBytes } from './push-subscription';

describe('base64UrlToBytes', () => {
  it('reads a base64url VAPID key without padding into its 65 bytes', () => {
    const raw = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
    const encoded = Buffer.from(raw).toString('base64url');
    expect(encoded).not.toContain('=');
    expect([...base64UrlToBytes(encoded)]).toEqual([...raw]);
  });
});
