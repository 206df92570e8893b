import { sql, type SQL } from 'drizzle-orm';

/** The element types an unnest column may have; each array travels as one parameter of `<type>[]`. */
const ARRAY_TYPES = {
  text: sql`text[]`,
  uuid: sql`uuid[]`,
  int: sql`int[]`,
  boolean: sql`boolean[]`,
  // Enums travel as text (PGlite serialises only the arrays of types it knows) and are cast in the statement.
  order_status: sql`text[]::order_status[]`,
  payment_method: sql`text[]::payment_method[]`,
  order_channel: sql`text[]::order_channel[]`,
  concession: sql`text[]::concession[]`,
  jsonb: sql`jsonb[]`,
  timestamptz: sql`timestamptz[]`,
} as const;

/** One column of rows to unnest: its PostgreSQL type and how to read its value from a row (a jsonb value as JSON text). */
export type UnnestColumn<Row> = readonly [type: keyof typeof ARRAY_TYPES, value: (row: Row, index: number) => unknown];

/**
 * Rows passed to one statement as one array parameter per column, each column named once in
 * `columns`: `names` is the column list (`a, b, c`), `from` the `unnest(...) WITH ORDINALITY AS
 * <alias>(a, b, c, ord)` to select them from (`ord`, from 1, keeps the order of `rows`). Both
 * drivers (node-postgres, PGlite) send a JS array as a PostgreSQL array, so nothing is spliced
 * into the SQL text and the parameter count does not grow with the rows. Usage:
 * `INSERT INTO t (${u.names}) SELECT ${u.names} FROM ${u.from} ORDER BY ord`.
 */
export function unnestRows<Row>(
  rows: readonly Row[],
  alias: string,
  columns: Record<string, UnnestColumn<Row>>,
): { names: SQL; from: SQL } {
  const entries = Object.entries(columns);
  const names = sql.join(
    entries.map(([name]) => sql.identifier(name)),
    sql`, `,
  );
  const arrays = sql.join(
    entries.map(([, [type, value]]) => sql`${sql.param(rows.map(value))}::${ARRAY_TYPES[type]}`),
    sql`, `,
  );
  return { names, from: sql`unnest(${arrays}) WITH ORDINALITY AS ${sql.identifier(alias)}(${names}, ord)` };
}
