import { useId, useRef, useState } from 'react';
import { Popover } from 'radix-ui';
import { CalendarDays, X } from 'lucide-react';
import { formatEventDateShort } from '../../../../shared/dates';
import { cn } from '../../../lib/cn';
import { MonthCalendar } from './month-calendar';

interface DatePickerProps {
  label: string;
  /** The chosen day ('yyyy-MM-dd'), or null for any day. */
  value: string | null;
  onChange(day: string | null): void;
  today: string;
  eventDays?: ReadonlySet<string>;
  onOpenChange?(open: boolean): void;
  className?: string;
}

/** A day filter: 'Qualquer data' or the chosen day as dd/MM/yyyy, picked in a month calendar. */
export function DatePicker({ label, value, onChange, today, eventDays, onOpenChange, className }: DatePickerProps) {
  const [isOpen, setOpen] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const valueId = useId();

  function setOpenState(open: boolean) {
    setOpen(open);
    onOpenChange?.(open);
  }

  function choose(day: string | null) {
    onChange(day);
    setOpenState(false);
  }

  return (
    <div className={className}>
      <span id={labelId} className="mb-1.5 block text-sm font-semibold">
        {label}
      </span>
      <div className="relative">
        <Popover.Root open={isOpen} onOpenChange={setOpenState}>
          <Popover.Trigger asChild>
            <button
              type="button"
              aria-labelledby={`${labelId} ${valueId}`}
              className="flex h-11 w-full items-center gap-2 rounded-xl border border-border bg-card pr-10 pl-3 text-left text-base transition hover:bg-surface"
            >
              <CalendarDays aria-hidden className="size-5 shrink-0 text-muted" />
              <span id={valueId} className={cn('truncate', value ? 'font-medium text-fg' : 'text-muted')}>
                {value ? formatEventDateShort(value) : 'Qualquer data'}
              </span>
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              ref={contentRef}
              align="start"
              sideOffset={6}
              collisionPadding={12}
              aria-label={`Escolher ${label.toLowerCase()}`}
              onOpenAutoFocus={(event) => {
                event.preventDefault();
                contentRef.current?.querySelector<HTMLButtonElement>('[data-day][tabindex="0"]')?.focus();
              }}
              className="z-50 rounded-2xl border border-border bg-card p-3 text-fg shadow-xl"
            >
              <MonthCalendar value={value} today={today} eventDays={eventDays} onSelect={choose} />
              <div className="mt-2 flex justify-between gap-2 border-t border-border pt-2">
                <button
                  type="button"
                  onClick={() => choose(null)}
                  className="h-9 rounded-lg px-3 text-sm font-semibold text-fg transition hover:bg-surface"
                >
                  Qualquer data
                </button>
                <button
                  type="button"
                  onClick={() => choose(today)}
                  className="h-9 rounded-lg px-3 text-sm font-semibold text-accent transition hover:bg-surface"
                >
                  Hoje
                </button>
              </div>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
        {value ? (
          <button
            type="button"
            onClick={() => onChange(null)}
            aria-label={`Limpar ${label.toLowerCase()}`}
            className="absolute top-1/2 right-1.5 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-muted transition hover:bg-surface hover:text-fg"
          >
            <X aria-hidden className="size-4" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
