import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface DataTableColumn<T> {
  /** Unique key of the column. */
  key: string;
  header: string;
  cell(row: T): ReactNode;
  /** Classes for the header and the cells, e.g. 'text-right'. */
  className?: string;
  /** Leave this column out of the default phone card (e.g. an actions column shown elsewhere). */
  hideOnCard?: boolean;
}

export interface DataTableProps<T> {
  /** What the table lists, read by screen readers ('Lista de eventos'). */
  caption: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  rowKey(row: T): string;
  /**
   * The card a row becomes on phones. Default: the first column as the title and the others as
   * 'header: value' lines.
   */
  renderCard?(row: T): ReactNode;
}

/** A table on wide screens and a list of cards on phones (docs/screens.md 'Admin area'). */
export function DataTable<T>({ caption, columns, rows, rowKey, renderCard }: DataTableProps<T>) {
  const [first, ...rest] = columns;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-border bg-card md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-border bg-surface/60 text-xs tracking-wide text-muted uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={cn('px-4 py-3 font-semibold', column.className)}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="align-middle hover:bg-surface/40">
                {columns.map((column) => (
                  <td key={column.key} className={cn('px-4 py-3', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="space-y-3 md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-2xl border border-border bg-card p-4">
            {renderCard ? (
              renderCard(row)
            ) : (
              <>
                <div className="font-semibold">{first?.cell(row)}</div>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {rest
                    .filter((column) => !column.hideOnCard)
                    .map((column) => (
                      <div key={column.key} className="contents">
                        <dt className="text-muted">{column.header}</dt>
                        <dd className="min-w-0">{column.cell(row)}</dd>
                      </div>
                    ))}
                </dl>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
