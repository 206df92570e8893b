import { CheckCircle2, CircleDollarSign, Clock, XCircle } from 'lucide-react';
import { refundStatusLabel, type RefundStatus } from '../../../../../shared/schemas/refunds';
import { cn } from '../../../../lib/cn';

// Own tones (not Badge's): the darker text keeps WCAG AA contrast on the tinted background in both themes.
const look = {
  pending: { className: 'bg-amber-500/15 text-amber-800 dark:text-amber-300', icon: Clock },
  approved: { className: 'bg-sky-500/15 text-sky-800 dark:text-sky-300', icon: CheckCircle2 },
  rejected: { className: 'bg-red-500/15 text-red-800 dark:text-red-300', icon: XCircle },
  processed: { className: 'bg-green-500/15 text-green-800 dark:text-green-300', icon: CircleDollarSign },
} as const;

/** 'Pendente' / 'Aprovado' / 'Rejeitado' / 'Processado' (docs/rules/refunds.md 'Refund status'), with an icon, never colour alone. */
export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  const { className, icon: Icon } = look[status];
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', className)}>
      <Icon aria-hidden className="size-3.5" />
      {refundStatusLabel[status]}
    </span>
  );
}
