/**
 * How many pre-sale access codes ('Tem um código de acesso?') may be tried and fail before the
 * next try waits, so a code cannot be guessed. Failures are counted per actor over WINDOW_MS: an account may fail `account`
 * times; an address may fail `address` times in requests without an account, and `sharedAddress`
 * times in all, since many fans share one address behind a carrier's NAT (CGNAT) and a signed-in
 * fan is held back by their own account first. Past the free failures, each further try waits
 * twice as long as the one before (1 s, 2 s, 4 s, ...) after the last failure, at most MAX_DELAY_MS.
 */
export const ACCESS_CODE_LIMITS = {
  windowMs: 60 * 60_000,
  maxDelayMs: 60 * 60_000,
  free: { account: 5, address: 20, sharedAddress: 100 },
} as const;

/**
 * How long an actor must wait before trying another code, in ms (0: it may try now), from the UTC
 * instants in ms of its failures (any order) and the failures it may make freely; `now` in ms.
 * Failures older than ACCESS_CODE_LIMITS.windowMs do not count.
 */
export function accessCodeWaitMs(failures: readonly number[], free: number, now: number): number {
  const recent = failures.filter((at) => now - at < ACCESS_CODE_LIMITS.windowMs);
  if (recent.length < free) return 0;
  const delay = Math.min(2 ** (recent.length - free) * 1000, ACCESS_CODE_LIMITS.maxDelayMs);
  return Math.max(0, Math.max(...recent) + delay - now);
}
