import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn';

interface FilterChipProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  isActive: boolean;
  /** Background when active; defaults to the app accent. */
  activeClassName?: string;
}

export function FilterChip({ isActive, activeClassName, className, children, ...props }: FilterChipProps) {
  return (
    <button
      type="button"
      aria-pressed={isActive}
      className={cn(
        'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full border px-4 text-sm font-semibold transition',
        isActive
          ? cn('border-transparent', activeClassName ?? 'bg-accent text-accent-foreground')
          : 'border-border bg-card text-fg hover:bg-surface',
        className,
      )}
      {...props}
    >
      {children}
    </button>
  );
}
