import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** One term/value pair of a <dl>, the icon drawn inside the term so the list stays valid. */
export function InfoItem({
  icon: Icon,
  label,
  children,
  iconClassName,
  className,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
  iconClassName?: string;
  className?: string;
}) {
  return (
    <div className={cn('relative min-w-0 pl-8', className)}>
      <dt className="text-xs text-muted">
        <Icon aria-hidden className={cn('absolute top-1/2 left-0 size-5 -translate-y-1/2 text-muted', iconClassName)} />
        {label}
      </dt>
      <dd className="truncate font-medium">{children}</dd>
    </div>
  );
}
