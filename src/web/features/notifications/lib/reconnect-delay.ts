/** docs/architecture.md 'Live updates': reconnect delays 1, 2, 5, 10 s; every later try waits 10 s. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

/** How long to wait before reconnection try number `attempt` (0 for the first after a drop). */
export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(Math.max(0, attempt), RECONNECT_DELAYS_MS.length - 1)];
}
