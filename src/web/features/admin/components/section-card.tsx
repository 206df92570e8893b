import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/**
 * A titled card of a back-office page: a section named by its h2 (`id` links them), then its
 * content; `className` adds spacing or width (e.g. 'min-w-0', 'space-y-3 sm:p-6').
 */
export function SectionCard({ id, title, className, children }: { id: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cn('rounded-2xl border border-border bg-card p-4', className)}>
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
