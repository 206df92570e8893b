import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface SwitchFieldProps {
  id: string;
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
  className?: string;
}

/** An on/off setting: a switch with its label and, below, what turning it on does. */
export function SwitchField({ id, label, description, checked, onChange, disabled, className }: SwitchFieldProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={descriptionId}
          onChange={(event) => onChange(event.target.checked)}
          className="peer h-6 w-11 cursor-pointer appearance-none rounded-full border border-border bg-surface transition checked:border-accent checked:bg-accent focus-visible:ring-3 focus-visible:ring-accent disabled:cursor-not-allowed disabled:opacity-60"
        />
        <span
          aria-hidden
          className="pointer-events-none absolute top-1 left-1 size-4 rounded-full bg-fg/70 shadow transition peer-checked:translate-x-5 peer-checked:bg-accent-foreground"
        />
      </span>
      <span className="min-w-0">
        <label htmlFor={id} className={cn('block cursor-pointer text-sm font-medium', disabled && 'cursor-not-allowed')}>
          {label}
        </label>
        {description ? (
          <span id={descriptionId} className="block text-sm text-muted">
            {description}
          </span>
        ) : null}
      </span>
    </div>
  );
}
