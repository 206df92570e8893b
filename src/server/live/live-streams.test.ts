import { describe, expect, it } from 'vitest';
import { createLiveStreamCounts, LIVE_STREAM_LIMITS } from './live-streams';

describe('createLiveStreamCounts', () => {
  it('stops a person at their cap, an address at its cap and the instance at its own, and makes room as streams end', () => {
    const counts = createLiveStreamCounts({ perUser: 2, perAddress: 3, perInstance: 4 });
    const ana = { userId: 'ana', address: '10.0.0.1' };
    const bia = { userId: 'bia', address: '10.0.0.1' };
    const caio = { userId: 'caio', address: '10.0.0.2' };
    counts.add(ana);
    counts.add(ana);
    expect(counts.capReached(ana)).toBe('user');
    expect(counts.capReached({ ...ana, address: '10.0.0.9' })).toBe('user');
    counts.add(bia);
    expect(counts.capReached(bia)).toBe('address');
    expect(counts.capReached(caio)).toBeNull();
    counts.add(caio);
    expect(counts.capReached({ userId: 'davi', address: '10.0.0.3' })).toBe('instance');
    counts.remove(ana);
    expect(counts.total).toBe(3);
    expect(counts.capReached(ana)).toBeNull();
    expect(counts.capReached({ userId: 'davi', address: '10.0.0.3' })).toBeNull();
  });

  it('allows 20 streams per person, 60 per address and 2,000 per instance', () => {
    expect(LIVE_STREAM_LIMITS).toEqual({ perUser: 20, perAddress: 60, perInstance: 2000 });
  });
});
