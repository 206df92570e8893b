import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

export interface StatCardProps {
  icon: LucideIcon;
  label: string;
  value: string;
  detail?: ReactNode;
}

/** One figure of the dashboard: label, value and a line of context. */
export function StatCard({ icon: Icon, label, value, detail }: StatCardProps) {
  return (
    <div className="rounded-2xl border border-border bg-card p-4 sm:p-5">
      <dt className="flex items-center justify-between gap-3 text-sm font-medium text-muted">
        {label}
        <span aria-hidden className="inline-flex size-9 items-center justify-center rounded-xl bg-accent/10 text-accent">
          <Icon className="size-5" />
        </span>
      </dt>
      <dd className="mt-2">
        <span className="block text-2xl font-bold tracking-tight whitespace-nowrap tabular-nums sm:text-3xl xl:text-2xl">{value}</span>
        {detail ? <span className="mt-1 block text-sm text-muted">{detail}</span> : null}
      </dd>
    </div>
  );
}
