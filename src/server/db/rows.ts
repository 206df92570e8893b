import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A row read by raw SQL (`SELECT t.* ...`: column names as in the table) in the shape Drizzle
 * gives for the table (its property names). Values are taken as the driver parsed them (int →
 * number, json → value), but for timestamps in Date mode, which become a Date also where the
 * driver gave text (PGlite's raw queries). Used on hot paths where Drizzle's query builder costs
 * more CPU than the query.
 */
export function fromRow<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column, isDate] of columnsOf(table)) {
    const value = raw[column];
    row[key] = isDate && typeof value === 'string' ? new Date(value) : value;
  }
  return row as T['$inferSelect'];
}

type ColumnOf = [key: string, column: string, isDate: boolean];
const columnsCache = new WeakMap<Table, ColumnOf[]>();

function columnsOf(table: Table): ColumnOf[] {
  let columns = columnsCache.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)).map(([key, column]): ColumnOf => [key, column.name, column.dataType === 'date']);
    columnsCache.set(table, columns);
  }
  return columns;
}

/**
 * A json / jsonb value of a raw row (json_agg, jsonb_build_object ...), which arrives parsed from
 * node-postgres and as text from some PGlite queries: the value either way; null stays null.
 */
export function jsonValue<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
