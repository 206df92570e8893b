import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface TableHeadColumn {
  label: ReactNode;
  /** This column's own classes, e.g. 'text-right' or 'pl-4'. */
  className?: string;
}

/** A table's header row: one `<th scope="col">` per column, each with `cellClassName` and its own classes. */
export function TableHead({
  columns,
  className,
  cellClassName,
}: {
  columns: TableHeadColumn[];
  className?: string;
  cellClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={cn(cellClassName, column.className)}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * The small muted header of a report's table (borderô, sales per lot): `labels` left to right, those
 * from `rightFrom` on right-aligned (the numbers), every column but the last followed by `gap`.
 */
export function CompactTableHead({ labels, rightFrom, gap }: { labels: string[]; rightFrom: number; gap: 'pr-2' | 'pr-3' }) {
  return (
    <TableHead
      className="text-left text-xs text-muted"
      cellClassName="py-1 font-medium"
      columns={labels.map((label, index) => ({
        label,
        className: cn(index < labels.length - 1 && gap, index >= rightFrom && 'text-right'),
      }))}
    />
  );
}
