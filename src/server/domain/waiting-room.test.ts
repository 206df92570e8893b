import { describe, expect, it } from 'vitest';
import {
  admissionsDue,
  estimateWaitSeconds,
  LARGE_ON_SALE_UNITS,
  phaseFor,
  pollAfterMs,
  roomIsActive,
  roomOnByDefault,
  servableBuyers,
  type RoomState,
} from './waiting-room';

const at = (iso: string) => new Date(iso);
const room = (over: Partial<RoomState> = {}): RoomState => ({
  enabled: true,
  opensAt: at('2026-03-20T12:30:00Z'),
  onSaleAt: at('2026-03-20T13:00:00Z'),
  paused: false,
  drawnAt: at('2026-03-20T13:00:00Z'),
  placesGiven: 100,
  admittedThrough: 10,
  ratePerMinute: 60,
  remainingUnits: 50,
  ...over,
});

describe('waiting room rules', () => {
  it('is active from its opening while on', () => {
    expect(roomIsActive(room(), at('2026-03-20T12:29:59Z'))).toBe(false);
    expect(roomIsActive(room(), at('2026-03-20T12:30:00Z'))).toBe(true);
    expect(roomIsActive(room({ enabled: false }), at('2026-03-20T14:00:00Z'))).toBe(false);
    expect(roomIsActive(null, at('2026-03-20T14:00:00Z'))).toBe(false);
  });

  it('shows each place its phase', () => {
    const now = at('2026-03-20T13:01:00Z');
    expect(phaseFor(room(), null, at('2026-03-20T12:40:00Z'))).toBe('before_open');
    expect(phaseFor(room({ drawnAt: null }), null, now)).toBe('drawing');
    expect(phaseFor(room(), 10, now)).toBe('your_turn');
    expect(phaseFor(room(), 11, now)).toBe('waiting');
    expect(phaseFor(room({ paused: true }), 11, now)).toBe('paused');
    expect(phaseFor(room({ paused: true }), 3, now)).toBe('your_turn');
    expect(phaseFor(room({ remainingUnits: 0 }), 11, now)).toBe('sold_out');
    expect(phaseFor(room({ enabled: false }), 11, now)).toBe('closed');
  });

  it('admits by the rate, within the room and what the stock can serve', () => {
    const base = {
      elapsedMs: 60_000,
      ratePerMinute: 100,
      maxInside: 1000,
      inside: 0,
      remainingUnits: 10_000,
      averageOrderUnits: 2,
      waiting: 5000,
      paused: false,
    };
    expect(admissionsDue(base)).toBe(100);
    expect(admissionsDue({ ...base, elapsedMs: 500 })).toBe(0);
    expect(admissionsDue({ ...base, maxInside: 40, inside: 30 })).toBe(10);
    expect(admissionsDue({ ...base, remainingUnits: 20, inside: 5 })).toBe(6);
    expect(admissionsDue({ ...base, remainingUnits: 0 })).toBe(0);
    expect(admissionsDue({ ...base, waiting: 3 })).toBe(3);
    expect(admissionsDue({ ...base, paused: true })).toBe(0);
    expect(admissionsDue({ ...base, remainingUnits: 4, inside: 9 })).toBe(0);
    expect(servableBuyers(1, 2)).toBe(1);
    expect(servableBuyers(30_000, 2.5)).toBe(13_200);
  });

  it('estimates the wait and spreads the polls', () => {
    expect(estimateWaitSeconds(0, 60)).toBe(0);
    expect(estimateWaitSeconds(18_240, 2000)).toBe(548);
    const input = { now: at('2026-03-20T12:59:50Z'), onSaleAt: at('2026-03-20T13:00:00Z'), ahead: 600, ratePerMinute: 60, jitter: 0.5 };
    expect(pollAfterMs('before_open', input)).toBe(10_000 + 500 + 2_500);
    expect(pollAfterMs('waiting', input)).toBe(30_000);
    expect(pollAfterMs('waiting', { ...input, ahead: 1 })).toBe(2_000);
    expect(pollAfterMs('drawing', { ...input, jitter: 1 })).toBe(6_000);
  });

  it('switches a room on by default only for a large on-sale still ahead', () => {
    const now = at('2026-03-20T12:00:00Z');
    const later = at('2026-03-20T13:00:00Z');
    expect(roomOnByDefault({ totalUnits: LARGE_ON_SALE_UNITS, onSaleAt: later, now })).toBe(true);
    expect(roomOnByDefault({ totalUnits: LARGE_ON_SALE_UNITS - 1, onSaleAt: later, now })).toBe(false);
    // Sales already open (or no start set): a room appearing now would stop buyers mid-sale.
    expect(roomOnByDefault({ totalUnits: 50_000, onSaleAt: now, now })).toBe(false);
    expect(roomOnByDefault({ totalUnits: 50_000, onSaleAt: null, now })).toBe(false);
  });
});
