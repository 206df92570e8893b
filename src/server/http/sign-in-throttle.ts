/** Failed sign-ins allowed per account from one address, and per account from all addresses, in WINDOW_MS. */
export const SIGN_IN_LIMITS = { perAccountAndAddress: 5, perAccount: 20, windowMs: 15 * 60_000 } as const;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Throttles password guessing (issue: sign-in throttling): failures are counted per account and
 * address, and per account from any address, so guessing one account's password from many
 * addresses fails too, while a door team signing in together behind one venue Wi-Fi (many
 * accounts, one address) is never locked out. A success clears that account and address.
 * Counts live in this process's memory (a sliding window of failure instants); with several
 * instances each keeps its own, which multiplies the allowance by the number of instances at most.
 */
export function createSignInThrottle(limits = SIGN_IN_LIMITS) {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => {
    const kept = (failures.get(key) ?? []).filter((at) => now - at < limits.windowMs);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };
  const keys = (email: string, address: string) =>
    [`a:${email.trim().toLowerCase()}`, `p:${email.trim().toLowerCase()}|${address}`] as const;
  return {
    /** Whether a sign-in for `email` from `address` may be tried at `now` (ms). */
    check(email: string, address: string, now = Date.now()): ThrottleVerdict {
      const [account, pair] = keys(email, address);
      for (const [key, max] of [
        [pair, limits.perAccountAndAddress],
        [account, limits.perAccount],
      ] as const) {
        const list = recent(key, now);
        if (list.length >= max)
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((list[list.length - max] + limits.windowMs - now) / 1000)) };
      }
      return { allowed: true };
    },
    recordFailure(email: string, address: string, now = Date.now()) {
      for (const key of keys(email, address)) failures.set(key, [...recent(key, now), now]);
      if (failures.size > 100_000) failures.clear();
    },
    recordSuccess(email: string, address: string) {
      failures.delete(keys(email, address)[1]);
    },
  };
}

/** The pt-BR answer to a throttled sign-in: 'Tente de novo em 12 minutos.' */
export function throttledMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 60 ? `${retryAfterSeconds} segundos` : `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
  return `Muitas tentativas de entrar nesta conta. Tente de novo em ${wait}.`;
}
