import { describe, expect, it } from 'vitest';
import { conversionPercent, growthPercent } from './dashboard';

describe('conversionPercent', () => {
  it('divides tickets sold by tickets offered and rounds to a whole percent', () => {
    expect(conversionPercent(7, 400)).toBe(2);
    expect(conversionPercent(250, 500)).toBe(50);
    expect(conversionPercent(1, 300)).toBe(0);
    expect(conversionPercent(120, 120)).toBe(100);
  });

  it('is 0 when nothing was offered', () => {
    expect(conversionPercent(0, 0)).toBe(0);
  });
});

describe('growthPercent', () => {
  it('gives the rounded change from the previous period', () => {
    expect(growthPercent(28000, 5000)).toBe(460);
    expect(growthPercent(5000, 10000)).toBe(-50);
    expect(growthPercent(10000, 10000)).toBe(0);
    expect(growthPercent(10001, 30000)).toBe(-67);
  });

  it('has no figure when the previous period had no revenue', () => {
    expect(growthPercent(10000, 0)).toBeNull();
    expect(growthPercent(0, 0)).toBeNull();
    expect(growthPercent(10000, -500)).toBeNull();
  });
});
