import { useState, type KeyboardEvent } from 'react';
import { CheckCircle2, Loader2, TicketPercent, X } from 'lucide-react';
import type { CouponPreview } from '../../../../shared/schemas/orders';
import { formatCentavos } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { FormField } from '../../../components/form-field';

export interface CouponFieldProps {
  /** The code applied (sent with the order), or null. */
  appliedCode: string | null;
  /** The server's preview of the applied code, once it answered well. */
  preview: CouponPreview | undefined;
  isChecking: boolean;
  /** The server's pt-BR refusal of the applied code. */
  error: string | null;
  onApply(code: string): void;
  onRemove(): void;
  disabled?: boolean;
}

/** 'Cupom de desconto' with 'Aplicar' (docs/rules/sale.md 'Coupons'): the server checks the code and prices the discount. */
export function CouponField({ appliedCode, preview, isChecking, error, onApply, onRemove, disabled }: CouponFieldProps) {
  const [text, setText] = useState('');
  const [blankError, setBlankError] = useState<string | null>(null);

  function apply() {
    const code = text.trim();
    if (!code) {
      setBlankError('Digite o código do cupom');
      return;
    }
    setBlankError(null);
    onApply(code);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter applies the coupon instead of submitting the whole checkout.
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    }
  }

  if (appliedCode && preview && !error) {
    return (
      <div className="flex items-center gap-3 rounded-xl border border-success/40 bg-success/10 px-3 py-3" role="status">
        <CheckCircle2 aria-hidden className="size-5 shrink-0 text-success" />
        <p className="min-w-0 flex-1 text-sm">
          Cupom <span className="font-mono font-bold">{preview.code}</span> aplicado:{' '}
          <span className="font-semibold whitespace-nowrap">-{formatCentavos(preview.discountCentavos)}</span>
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setText('');
            onRemove();
          }}
          disabled={disabled}
          aria-label={`Remover cupom ${preview.code}`}
        >
          <X aria-hidden className="size-4" />
          Remover
        </Button>
      </div>
    );
  }

  const message = blankError ?? error ?? undefined;
  return (
    <FormField id="coupon-code" label="Cupom de desconto" error={message}>
      {(aria) => (
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <TicketPercent aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted" />
            <Input
              {...aria}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setBlankError(null);
                // Editing a refused code drops it: nothing is sent until 'Aplicar' is pressed again.
                if (appliedCode && error) onRemove();
              }}
              onKeyDown={onKeyDown}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="Digite o código"
              className="pl-10 uppercase placeholder:normal-case"
              disabled={disabled}
            />
          </div>
          <Button variant="outline" onClick={apply} disabled={disabled || isChecking} className="shrink-0">
            {isChecking ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
            Aplicar
          </Button>
        </div>
      )}
    </FormField>
  );
}
