import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('ttl cache', () => {
  it('computes once per key within the ttl, again after it, and after clear', async () => {
    const cache = createTtlCache<number>(1000);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await Promise.all([cache.get('a', compute, 0), cache.get('a', compute, 10)])).toEqual([1, 1]);
    expect(await cache.get('a', compute, 999)).toBe(1);
    expect(await cache.get('a', compute, 1000)).toBe(2);
    cache.clear();
    expect(await cache.get('a', compute, 1001)).toBe(3);
  });

  it('forgets a failed computation and keeps at most maxEntries', async () => {
    const cache = createTtlCache<string>(1000, 2);
    await expect(cache.get('x', async () => Promise.reject(new Error('falhou')), 0)).rejects.toThrow('falhou');
    expect(await cache.get('x', async () => 'ok', 1)).toBe('ok');
    await cache.get('y', async () => 'y', 2);
    await cache.get('z', async () => 'z', 3);
    expect(await cache.get('x', async () => 'novo', 4)).toBe('novo');
  });
});
