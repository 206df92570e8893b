/**
 * Whether an error is PostgreSQL's unique violation (SQLSTATE 23505), as `pg` and PGlite raise it,
 * possibly wrapped by Drizzle; with `constraint`, only of that constraint or unique index.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let e = error as { code?: string; constraint?: string; message?: string; detail?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    if (e.code === '23505') return !constraint || e.constraint === constraint || (e.message ?? '').includes(constraint);
  }
  return false;
}

/**
 * Whether an error is PostgreSQL's check violation (SQLSTATE 23514) of `constraint`, as `pg` and
 * PGlite raise it, possibly wrapped by Drizzle.
 */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    if (e.code === '23514') return e.constraint === constraint || (e.message ?? '').includes(constraint);
  }
  return false;
}
