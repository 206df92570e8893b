import { formatDayMonth, formatEventDate } from '../../../../shared/dates';
import { cn } from '../../../lib/cn';

export function DateBadge({ date, className }: { date: string; className?: string }) {
  const { day, month } = formatDayMonth(date);
  return (
    <time
      dateTime={date}
      title={formatEventDate(date)}
      className={cn('flex w-14 flex-col items-center rounded-xl bg-card py-1.5 text-fg shadow-md', className)}
    >
      <span className="text-xl leading-none font-black">{day}</span>
      <span className="mt-0.5 text-[11px] font-bold tracking-wider text-muted">{month}</span>
    </time>
  );
}
