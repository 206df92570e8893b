import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { ArrowLeft, Clock, Copy, Loader2, Wand2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCentavos } from '../../../../shared/money';
import { errorMessages } from '../../../../shared/errors';
import { ApiError } from '../../../lib/api';
import { useOrder } from '../api/get-order';
import { useSimulatePixPayment } from '../api/simulate-pix-payment';
import { formatCountdown, useCountdown } from '../../../lib/countdown';
import { useOrderEnded } from '../hooks/use-order-ended';
import { useOrderPaid } from '../hooks/use-order-paid';
import { useQrDataUrl } from '../hooks/use-qr-data-url';
import { copyText } from '../../../lib/clipboard';
import { OrderLoadError, PaymentEnded } from './payment-ended';
import { usePublicConfig } from '../api/get-public-config';
import { brCodeMerchantName } from '../lib/br-code';

/**
 * The PIX step, in the checkout and when a pending order is resumed from 'Meus ingressos': BR
 * Code as QR and 'copia e cola' (the sandbox's or Stripe's, shown alike), countdown to
 * `expiresAt`, polling until the order is paid (then `onPaid`), expired or failed. 'Simular
 * pagamento' only in the sandbox. `onBack` (checkout only) gives up this PIX for another method.
 */
export function PixPaymentStep({
  orderId,
  onPaid,
  onBack,
  onClose,
  scrollIntoView = true,
}: {
  orderId: string;
  onPaid: () => void;
  onBack?: () => void;
  onClose?: () => void;
  /** Brings the step into view when it appears (the checkout form was scrolled down to its button). */
  scrollIntoView?: boolean;
}) {
  const { data: order, isError } = useOrder(orderId);
  const simulate = useSimulatePixPayment();
  const remainingMs = useCountdown(order?.expiresAt ?? null);
  const qr = useQrDataUrl(order?.pixCode ?? null, 280);
  const rootRef = useRef<HTMLDivElement>(null);

  // The form was scrolled down to its button: bring the payment into view.
  const hasOrder = Boolean(order);
  useEffect(() => {
    if (hasOrder && scrollIntoView) rootRef.current?.scrollIntoView({ block: 'start' });
  }, [hasOrder, scrollIntoView]);

  const status = order?.status;
  const { isExpired, isEnded } = useOrderEnded(order, remainingMs, true, `pix-expired-${orderId}`);

  useOrderPaid(status, onPaid, 'Compra realizada com sucesso!');

  if (!order) {
    return isError ? (
      <OrderLoadError onBack={onBack ?? onClose} />
    ) : (
      <div className="space-y-4" role="status" aria-label="Carregando">
        <Skeleton className="mx-auto size-56" />
        <Skeleton className="h-11 w-full" />
      </div>
    );
  }

  if (isEnded) {
    return <PaymentEnded status={isExpired ? 'expired' : order.status} reason={order.paymentError} onBack={onBack} onClose={onClose} />;
  }

  const pixCode = order.pixCode ?? '';

  async function handleCopy() {
    if (await copyText(pixCode)) toast.success('Código PIX copiado!');
    else toast.error('Não foi possível copiar. Selecione o código e copie manualmente.');
  }

  function handleSimulate() {
    simulate.mutate(order!.id, {
      onError: (error) => toast.error(error instanceof ApiError ? error.message : errorMessages.payment_failed),
    });
  }

  return (
    <div ref={rootRef} className="scroll-mt-4 space-y-5">
      <div className="text-center">
        <p className="text-sm text-muted">Valor a pagar</p>
        <p className="text-3xl font-extrabold tabular-nums">{formatCentavos(order.totalCentavos)}</p>
        <p
          className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-surface px-3 py-1 text-sm font-semibold"
          role="timer"
          aria-live="off"
        >
          <Clock className="size-4" aria-hidden />
          Expira em {formatCountdown(remainingMs)}
        </p>
      </div>

      {/* On a phone the buyer pays in the same device: 'copia e cola' first; on a computer, the QR. */}
      <div className="flex flex-col gap-5">
        <div className="order-2 mx-auto w-fit rounded-2xl bg-white p-2 shadow-sm ring-1 ring-border sm:order-1">
          {qr ? (
            <img src={qr} alt="QR Code PIX" width={240} height={240} className="size-52 sm:size-60" />
          ) : (
            <Skeleton className="size-52 bg-neutral-200 sm:size-60" />
          )}
        </div>

        <div className="order-1 sm:order-2">
          <label htmlFor="pix-copia-e-cola" className="mb-1 block text-sm font-medium">
            PIX copia e cola
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="pix-copia-e-cola"
              readOnly
              value={pixCode}
              onFocus={(e) => e.currentTarget.select()}
              className="h-11 w-full min-w-0 rounded-xl border border-border bg-surface px-3 font-mono text-xs text-fg sm:flex-1"
            />
            <Button variant="primary" onClick={handleCopy} className="w-full shrink-0 sm:w-auto">
              <Copy className="size-4" aria-hidden /> Copiar código
            </Button>
          </div>
        </div>
      </div>

      <Receiver pixCode={pixCode} />

      <ol className="mx-auto max-w-sm list-decimal space-y-1 pl-5 text-sm text-muted">
        <li>Abra o app do seu banco e escolha pagar com PIX.</li>
        <li>Escaneie o QR Code ou use o código copia e cola.</li>
        <li>Confirme o pagamento: seus ingressos aparecem em seguida.</li>
      </ol>

      <p role="status" className="flex items-center justify-center gap-2 rounded-xl bg-accent/10 px-3 py-3 text-sm font-semibold">
        <Loader2 className="size-4 animate-spin text-accent" aria-hidden />
        Aguardando pagamento...
      </p>

      {order.isSandbox ? (
        <div className="rounded-xl border border-dashed border-border p-3 text-center">
          <p className="mb-2 text-xs text-muted">Modo de teste: nenhum valor real é cobrado.</p>
          <Button variant="outline" className="w-full" onClick={handleSimulate} disabled={simulate.isPending}>
            {simulate.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Wand2 className="size-4" aria-hidden />}
            Simular pagamento
          </Button>
        </div>
      ) : null}

      {onBack ? (
        <Button variant="ghost" className="w-full text-sm" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden /> Escolher outra forma de pagamento
        </Button>
      ) : null}
    </div>
  );
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .trim();

/**
 * Who receives the money: the company (name, CNPJ and address, from the server's configuration) and, when
 * the BR Code names it otherwise, the name the bank app will show (the code's merchant name).
 */
function Receiver({ pixCode }: { pixCode: string }) {
  const { data: config } = usePublicConfig();
  const company = config?.company;
  if (!company) return null;
  const merchant = brCodeMerchantName(pixCode);
  const isNamedOtherwise = merchant !== null && !fold(company.name).startsWith(fold(merchant));
  return (
    <div className="rounded-xl border border-border bg-surface px-3 py-2 text-center text-sm">
      <p>
        <span className="text-muted">Recebedor: </span>
        <span className="font-semibold">{company.name}</span> · <span className="whitespace-nowrap">CNPJ {company.cnpj}</span>
      </p>
      <p className="mt-0.5 text-xs text-muted">{company.address}</p>
      {isNamedOtherwise ? <p className="mt-0.5 text-xs text-muted">No app do banco aparece como {merchant}</p> : null}
    </div>
  );
}
