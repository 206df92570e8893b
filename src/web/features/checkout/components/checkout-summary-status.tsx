import { AlertTriangle, RefreshCw } from 'lucide-react';
import { formatCentavos } from '../../../../shared/money';

/** Under the summary's total: a total that changed since it was shown, a refusal, an update under way, an estimate. */
export function CheckoutSummaryStatus({
  changedTotal,
  error,
  isUpdating,
  isEstimate,
}: {
  changedTotal: number | null;
  error: string | null;
  isUpdating: boolean;
  isEstimate: boolean;
}) {
  if (error) {
    return (
      <p role="alert" className="mt-3 flex items-start gap-2 rounded-xl bg-danger/10 px-3 py-2 text-sm font-medium">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
        {error}
      </p>
    );
  }
  if (changedTotal !== null) {
    return (
      <p
        role="alert"
        className="mt-3 flex items-start gap-2 rounded-xl bg-amber-500/15 px-3 py-2 text-sm font-medium text-amber-900 dark:text-amber-200"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {`O preço mudou: o total agora é ${formatCentavos(changedTotal)}. Confira e confirme de novo.`}
      </p>
    );
  }
  if (isUpdating) {
    return (
      <p role="status" className="mt-2 flex items-center gap-1.5 text-xs text-muted">
        <RefreshCw className="size-3.5 animate-spin" aria-hidden />
        Atualizando o total...
      </p>
    );
  }
  if (isEstimate) {
    return <p className="mt-2 text-xs text-muted">Total estimado: o valor final aparece ao preencher os dados da meia-entrada.</p>;
  }
  return null;
}
