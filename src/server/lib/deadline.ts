/**
 * `work`, or an Error after `ms` milliseconds, whichever comes first (`what` names it in the
 * error). The work itself is not cancelled: give the outbound call its own timeout too; this
 * only stops the caller from waiting on it.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
