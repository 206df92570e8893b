import { formatCentavos } from '../../../../shared/money';
import { cn } from '../../../lib/cn';

/** One amount of a money statement: a label, the amount (a deduction shown negative) and what it counts. */
export function MoneyFigure({
  label,
  centavos,
  hint,
  isDeduction,
  isStrong,
}: {
  label: string;
  centavos: number;
  hint: string;
  isDeduction?: boolean;
  isStrong?: boolean;
}) {
  return (
    // A line of a statement on phones (label and amount side by side), a card from sm up.
    <div
      className={cn(
        'grid min-w-0 grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 rounded-xl p-3 sm:block',
        isStrong ? 'bg-accent/10' : 'bg-surface/60',
      )}
    >
      <dt className={cn('text-sm', isStrong ? 'font-semibold' : 'text-muted')}>{label}</dt>
      <dd className="text-lg font-bold whitespace-nowrap tabular-nums sm:text-xl">
        {formatCentavos(isDeduction && centavos > 0 ? -centavos : centavos)}
      </dd>
      <dd className="col-span-2 text-xs text-muted">{hint}</dd>
    </div>
  );
}
