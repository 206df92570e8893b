import { describe, expect, it } from 'vitest';
import { createSignInThrottle, throttledMessage } from './sign-in-throttle';

describe('sign-in throttle', () => {
  it('stops the sixth failure of one account from one address, with the wait', () => {
    const throttle = createSignInThrottle();
    const now = 1_000_000;
    for (let i = 0; i < 5; i++) {
      expect(throttle.check('ana@x.com', '1.1.1.1', now).allowed).toBe(true);
      throttle.recordFailure('ana@x.com', '1.1.1.1', now);
    }
    expect(throttle.check('ANA@x.com ', '1.1.1.1', now)).toEqual({ allowed: false, retryAfterSeconds: 900 });
    expect(throttle.check('ana@x.com', '1.1.1.1', now + 15 * 60_000).allowed).toBe(true);
  });

  it('stops guessing one account from many addresses', () => {
    const throttle = createSignInThrottle();
    for (let i = 0; i < 20; i++) throttle.recordFailure('ana@x.com', `10.0.0.${i}`, 5000);
    expect(throttle.check('ana@x.com', '10.0.1.1', 5000).allowed).toBe(false);
  });

  it('never locks out a team signing in together from one address', () => {
    const throttle = createSignInThrottle();
    for (let i = 0; i < 30; i++) {
      const email = `porteiro${i}@x.com`;
      throttle.recordFailure(email, '200.1.1.1', 5000);
      expect(throttle.check(email, '200.1.1.1', 5000).allowed).toBe(true);
      throttle.recordSuccess(email, '200.1.1.1');
    }
  });

  it('says the wait in pt-BR', () => {
    expect(throttledMessage(42)).toBe('Muitas tentativas de entrar nesta conta. Tente de novo em 42 segundos.');
    expect(throttledMessage(61)).toBe('Muitas tentativas de entrar nesta conta. Tente de novo em 2 minutos.');
    expect(throttledMessage(60)).toBe('Muitas tentativas de entrar nesta conta. Tente de novo em 1 minuto.');
  });
});
