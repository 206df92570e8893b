import { describe, expect, it } from 'vitest';
import { createSessionCache, SESSION_CACHE_MS } from './session';
import type { SessionUser } from '../services/staff/find-live-session';

const user = (id: string): SessionUser => ({
  id,
  email: `${id}@exemplo.com.br`,
  name: id,
  emailVerified: true,
  createdAt: new Date(0),
  roles: ['user'],
});

describe('createSessionCache', () => {
  it('drops the least recently used session when full', () => {
    const cache = createSessionCache(undefined, 3);
    cache.set('a', user('a'), cache.mark(), 0);
    cache.set('b', user('b'), cache.mark(), 0);
    cache.set('c', user('c'), cache.mark(), 0);
    expect(cache.get('a', 1)?.id).toBe('a'); // 'b' is now the least recently used
    cache.set('d', user('d'), cache.mark(), 1);
    expect(cache.size).toBe(3);
    expect(cache.get('b', 2)).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => cache.get(key, 2)?.id)).toEqual(['a', 'c', 'd']);
  });

  it('forgets a session after SESSION_CACHE_MS, and a cookie on demand', () => {
    const cache = createSessionCache();
    cache.set('a', user('a'), cache.mark(), 0);
    cache.set('b', user('b'), cache.mark(), 0);
    expect(cache.get('a', SESSION_CACHE_MS - 1)?.id).toBe('a');
    expect(cache.get('a', SESSION_CACHE_MS)).toBeUndefined();
    expect(cache.size).toBe(1);
    cache.forgetCookie('b');
    expect(cache.size).toBe(0);
  });

  it('does not keep a session read before something was forgotten', () => {
    const cache = createSessionCache();
    const mark = cache.mark();
    cache.forgetCookie('a'); // a sign-out lands while the session is being read
    cache.set('a', user('a'), mark, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('a', user('a'), cache.mark(), 0);
    expect(cache.get('a', 1)?.id).toBe('a');
  });
});
