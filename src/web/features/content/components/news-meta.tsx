import { formatEventDateShort } from '../../../../shared/dates';
import { cn } from '../../../lib/cn';
import { categoryChipClass } from '../lib/category-style';

/** Category chip and publication date (dd/MM/yyyy, docs/rules/notifications.md 'The notification panel') of a news item. */
export function NewsMeta({ category, date, className }: { category: string; date: string; className?: string }) {
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-sm', className)}>
      <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold text-white', categoryChipClass(category))}>{category}</span>
      <time dateTime={date} className="text-muted">
        {formatEventDateShort(date)}
      </time>
    </div>
  );
}
