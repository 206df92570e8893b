import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-delay';

describe('reconnectDelay', () => {
  it('waits 1, 2, 5 and then 10 seconds for every later try', () => {
    expect([0, 1, 2, 3, 4, 50].map(reconnectDelay)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
  });
});
