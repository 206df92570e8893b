import { useId, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../../lib/cn';

interface SelectFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
  className?: string;
}

/** A labelled native select: the phone's own picker, keyboard and screen readers for free. */
export function SelectField({ label, value, onChange, children, className }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cn(
            'h-11 w-full cursor-pointer appearance-none rounded-xl border border-border bg-card pr-10 pl-3 text-base text-fg transition hover:bg-surface',
            value === '' && 'text-muted',
          )}
        >
          {children}
        </select>
        <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-muted" />
      </div>
    </div>
  );
}
