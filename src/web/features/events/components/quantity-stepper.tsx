import { Minus, Plus } from 'lucide-react';

interface QuantityStepperProps {
  name: string;
  value: number;
  max: number;
  isDisabled?: boolean;
  onChange(value: number): void;
}

const stepClass =
  'inline-flex size-10 items-center justify-center rounded-full border border-border bg-card text-fg transition hover:bg-surface disabled:cursor-not-allowed disabled:opacity-40';

export function QuantityStepper({ name, value, max, isDisabled, onChange }: QuantityStepperProps) {
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        className={stepClass}
        aria-label={`Diminuir quantidade de ${name}`}
        disabled={isDisabled || value <= 0}
        onClick={() => onChange(Math.max(0, value - 1))}
      >
        <Minus aria-hidden className="size-4" />
      </button>
      <output aria-live="polite" aria-label={`Quantidade de ${name}`} className="w-7 text-center text-lg font-bold tabular-nums">
        {value}
      </output>
      <button
        type="button"
        className={stepClass}
        aria-label={`Aumentar quantidade de ${name}`}
        disabled={isDisabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <Plus aria-hidden className="size-4" />
      </button>
    </div>
  );
}
