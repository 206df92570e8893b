import { describe, expect, it } from 'vitest';
import { Secret } from 'otpauth';
import { msUntilNextStep, rotatingQrFreshness, rotatingQrPayload, splitQrPayload } from './rotating-qr';

const secret = new Secret({ size: 20 }).base32;
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 21, 0, 0) + seconds * 1000);

describe('rotating QR', () => {
  it('changes every 30 seconds and is fresh for about a minute either side, not older', () => {
    const code = 'NL1.abc.def';
    const shown = rotatingQrPayload(code, secret, at(0));
    expect(rotatingQrPayload(code, secret, at(29))).toBe(shown);
    expect(rotatingQrPayload(code, secret, at(30))).not.toBe(shown);
    const { code: read, otp } = splitQrPayload(` ${shown} `);
    expect(read).toBe(code);
    expect(rotatingQrFreshness(secret, otp, at(10))).toBe('fresh');
    expect(rotatingQrFreshness(secret, otp, at(59))).toBe('fresh');
    expect(rotatingQrFreshness(secret, otp, at(-20))).toBe('fresh');
    expect(rotatingQrFreshness(secret, otp, at(61))).toBe('expired');
    expect(rotatingQrFreshness(secret, otp, at(600))).toBe('expired');
  });

  it("refuses a plain code, a malformed TOTP and another ticket's secret", () => {
    expect(splitQrPayload('NL1.abc.def')).toEqual({ code: 'NL1.abc.def', otp: null });
    expect(rotatingQrFreshness(secret, null, at(0))).toBe('expired');
    expect(rotatingQrFreshness(secret, '12a456', at(0))).toBe('expired');
    const other = new Secret({ size: 20 }).base32;
    const { otp } = splitQrPayload(rotatingQrPayload('NL1.abc.def', other, at(0)));
    expect(rotatingQrFreshness(secret, otp, at(0))).toBe('expired');
    expect(msUntilNextStep(at(0.25))).toBe(29_750);
  });
});
