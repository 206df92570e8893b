import { describe, expect, it } from 'vitest';
import { ACCESS_CODE_LIMITS, accessCodeWaitMs } from './access-code-throttle';

describe('accessCodeWaitMs', () => {
  const now = 10 * 60 * 60_000;
  const failures = (count: number, lastAgoMs = 0) => Array.from({ length: count }, (_, i) => now - lastAgoMs - i * 10);

  it('lets an actor fail its free tries without waiting', () => {
    expect(accessCodeWaitMs([], 5, now)).toBe(0);
    expect(accessCodeWaitMs(failures(4), 5, now)).toBe(0);
  });

  it('doubles the wait with each failure past the free ones, counted from the last failure', () => {
    expect(accessCodeWaitMs(failures(5), 5, now)).toBe(1000);
    expect(accessCodeWaitMs(failures(6), 5, now)).toBe(2000);
    expect(accessCodeWaitMs(failures(8), 5, now)).toBe(8000);
    expect(accessCodeWaitMs(failures(8, 3000), 5, now)).toBe(5000);
    expect(accessCodeWaitMs(failures(8, 9000), 5, now)).toBe(0);
  });

  it('waits at most an hour, and forgets failures older than the window', () => {
    expect(accessCodeWaitMs(failures(60), 5, now)).toBe(ACCESS_CODE_LIMITS.maxDelayMs);
    const old = Array.from({ length: 50 }, (_, i) => now - ACCESS_CODE_LIMITS.windowMs - i);
    expect(accessCodeWaitMs([...old, now - 5], 5, now)).toBe(0);
  });
});
