import { forwardRef, type InputHTMLAttributes } from 'react';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { maskPastedReais, maskReaisDigits } from '../lib/money-mask';

export interface MoneyInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  /** The amount as shown, '1.234,56', or '' for blank. */
  value: string;
  onChange(value: string): void;
}

/**
 * A reais field with 'R$' before it whose digits fill from the right, as in Brazilian bank apps:
 * typing 6, 0, 0, 0 shows 'R$ 60,00', so no amount is read in a way the person did not see.
 * A pasted amount is read as reais ('60' -> R$ 60,00).
 */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { value, onChange, className, readOnly, ...props },
  ref,
) {
  return (
    <div className="relative">
      <span aria-hidden className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted">
        R$
      </span>
      <Input
        ref={ref}
        {...props}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="0,00"
        readOnly={readOnly}
        value={value}
        onChange={(event) => {
          const next = maskReaisDigits(event.target.value);
          onChange(next);
          // The caret stays at the end, where the next digit goes.
          const input = event.target;
          requestAnimationFrame(() => {
            if (document.activeElement === input) input.setSelectionRange(input.value.length, input.value.length);
          });
        }}
        onPaste={(event) => {
          if (readOnly) return;
          event.preventDefault();
          onChange(maskPastedReais(event.clipboardData.getData('text')));
        }}
        className={cn('pl-10 tabular-nums', readOnly && 'bg-surface text-muted', className)}
      />
    </div>
  );
});
