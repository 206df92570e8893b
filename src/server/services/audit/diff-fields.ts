/** One touched field as the audit trail stores it. */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

/** A value as JSON keeps it: a Date as its ISO instant, undefined as null. */
function stored(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

/**
 * The fields among `fields` whose value differs between `before` and `after`, as
 * `{ field: { before, after } }` (docs/rules/audit.md 'What is recorded'): Dates compared by
 * instant and kept as ISO strings, undefined read as null, objects and arrays compared by their
 * JSON. A missing `before` (a creation) reads every field as null before. Fields that did not change
 * are left out, so an empty object means nothing changed. Pure.
 */
export function diffFields<T extends object>(before: Partial<T> | null | undefined, after: Partial<T>, fields: readonly (keyof T)[]) {
  const changes: Record<string, FieldChange> = {};
  for (const field of fields) {
    const was = stored(before?.[field]);
    const is = stored(after[field]);
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[String(field)] = { before: was, after: is };
  }
  return changes;
}
