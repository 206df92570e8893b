import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

/** What a list shows when it has nothing (no rows, or nothing matches the search). */
export function EmptyState({ icon: Icon, title, description, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center">
      <span aria-hidden className="inline-flex size-14 items-center justify-center rounded-full bg-surface text-muted">
        <Icon className="size-7" />
      </span>
      <p className="mt-4 text-lg font-semibold">{title}</p>
      {description ? <p className="mt-1 max-w-md text-muted">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
