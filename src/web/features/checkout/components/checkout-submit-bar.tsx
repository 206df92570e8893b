import { Loader2, Lock } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatCentavos } from '../../../../shared/money';
import type { CheckoutFormValues } from '../lib/checkout-form';

/**
 * The checkout's sticky submit: 'Confirmar pedido' (free), 'Pagar R$ …' (card) or 'Pagar com PIX',
 * 'Processando...' while submitting; under it the installments or the data-protection note.
 */
export function CheckoutSubmitBar({
  isFree,
  method,
  installments,
  totalCentavos,
  isSubmitting,
  disabled,
}: {
  isFree: boolean;
  method: CheckoutFormValues['paymentMethod'];
  installments: number;
  totalCentavos: number;
  isSubmitting: boolean;
  disabled: boolean;
}) {
  const submitLabel = isFree ? 'Confirmar pedido' : method === 'card' ? `Pagar ${formatCentavos(totalCentavos)}` : 'Pagar com PIX';
  const installmentsHint = !isFree && method === 'card' && installments > 1 ? `${installments}x sem juros no cartão` : null;
  return (
    <div className="sticky -bottom-5 -mx-5 border-t border-border bg-card px-5 pt-3 pb-5">
      <Button type="submit" size="lg" className="w-full" disabled={disabled}>
        {isSubmitting ? (
          <>
            <Loader2 className="size-5 animate-spin" aria-hidden /> Processando...
          </>
        ) : (
          submitLabel
        )}
      </Button>
      <p className="mt-2 flex items-center justify-center gap-1.5 text-xs text-muted">
        <Lock className="size-3.5" aria-hidden />
        {installmentsHint ?? (isFree ? 'Seus dados são protegidos.' : 'Pagamento seguro. Seus dados são protegidos.')}
      </p>
    </div>
  );
}
