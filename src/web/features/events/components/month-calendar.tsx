import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatEventDate } from '../../../../shared/dates';
import { cn } from '../../../lib/cn';
import { addDays, addMonths, monthLabel, monthWeeks, weekBounds, weekdayNames } from '../lib/month-grid';

interface MonthCalendarProps {
  /** The chosen day ('yyyy-MM-dd'), or null. */
  value: string | null;
  /** Today in São Paulo ('yyyy-MM-dd'); the month shown first when nothing is chosen. */
  today: string;
  onSelect(day: string): void;
  /** Days that have events, marked with a dot. */
  eventDays?: ReadonlySet<string>;
}

const navButton = 'inline-flex size-10 items-center justify-center rounded-full text-fg transition hover:bg-surface disabled:opacity-40';

/**
 * A month grid in pt-BR following the WAI-ARIA date picker pattern: one day in the tab order,
 * arrows move by day and week, Home/End to the week's ends, PageUp/PageDown by month (with
 * Shift by year), Enter or Space chooses.
 */
export function MonthCalendar({ value, today, onSelect, eventDays }: MonthCalendarProps) {
  const [focused, setFocused] = useState(value ?? today);
  const shouldFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const labelId = useId();

  useEffect(() => {
    if (!shouldFocus.current) return;
    shouldFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  function moveTo(day: string) {
    shouldFocus.current = true;
    setFocused(day);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => weekBounds(focused).first,
      End: () => weekBounds(focused).last,
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move());
  }

  const weeks = monthWeeks(focused);
  return (
    <div className="w-[19.5rem] max-w-full">
      <div className="mb-2 flex items-center justify-between gap-2">
        <button type="button" className={navButton} aria-label="Mês anterior" onClick={() => setFocused(addMonths(focused, -1))}>
          <ChevronLeft aria-hidden className="size-5" />
        </button>
        <h2 id={labelId} aria-live="polite" className="text-base font-bold">
          {monthLabel(focused)}
        </h2>
        <button type="button" className={navButton} aria-label="Próximo mês" onClick={() => setFocused(addMonths(focused, 1))}>
          <ChevronRight aria-hidden className="size-5" />
        </button>
      </div>
      <table ref={gridRef} role="grid" aria-labelledby={labelId} className="w-full border-collapse text-center">
        <thead>
          <tr>
            {weekdayNames.map((name) => (
              <th key={name.long} scope="col" abbr={name.long} className="pb-1 text-xs font-semibold text-muted uppercase">
                {name.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, index) => {
                if (!day) return <td key={index} />;
                const isSelected = day === value;
                const isToday = day === today;
                const hasEvents = eventDays?.has(day) ?? false;
                return (
                  <td key={day} aria-selected={isSelected} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      aria-label={`${formatEventDate(day)}${hasEvents ? ', com eventos' : ''}`}
                      aria-current={isToday ? 'date' : undefined}
                      onKeyDown={handleKeyDown}
                      onFocus={() => setFocused(day)}
                      onClick={() => onSelect(day)}
                      className={cn(
                        'relative inline-flex size-10 items-center justify-center rounded-full text-sm tabular-nums transition',
                        isSelected ? 'bg-accent font-bold text-accent-foreground' : 'text-fg hover:bg-surface',
                        isToday && !isSelected && 'font-bold ring-1 ring-border ring-inset',
                      )}
                    >
                      {Number(day.slice(8))}
                      {hasEvents ? (
                        <span
                          aria-hidden
                          className={cn('absolute bottom-1 size-1 rounded-full', isSelected ? 'bg-accent-foreground' : 'bg-accent')}
                        />
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
