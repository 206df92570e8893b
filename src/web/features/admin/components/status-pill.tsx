import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

// Solid light tints in light mode: the translucent success tint of ui/badge is below 4.5:1 for small text.
const tones = {
  success: 'bg-green-100 text-green-800 dark:bg-success/15 dark:text-success',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300',
  neutral: 'border border-border bg-surface text-muted',
  danger: 'bg-red-100 text-red-800 dark:bg-danger/15 dark:text-danger',
} as const;

/** A small state label: 'Ativo', 'Rascunho', 'Expirado'... (coupons, news, banners, dashboard). */
export function StatusPill({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', tones[tone])}>
      {children}
    </span>
  );
}
