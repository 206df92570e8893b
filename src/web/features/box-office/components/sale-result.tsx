import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { CheckCircle2 } from 'lucide-react';
import { formatCentavos } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import type { SaleShown } from '../lib/use-box-office';

/** A PNG data URL of `text` as a QR code (black on white, so every camera reads it). */
function useQr(text: string | null, width = 240): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    setUrl(null);
    if (text) {
      QRCode.toDataURL(text, { width, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } })
        .then((next) => active && setUrl(next))
        .catch(() => active && setUrl(null));
    }
    return () => {
      active = false;
    };
  }, [text, width]);
  return url;
}

function TicketQr({ code, label, holderName, admitted }: { code: string; label: string; holderName: string | null; admitted: boolean }) {
  const qr = useQr(code);
  return (
    <li className="flex flex-col items-center gap-2 rounded-xl border border-border bg-card p-3 text-center">
      <p className="font-semibold">{label}</p>
      {holderName ? <p className="text-sm text-muted">Titular: {holderName}</p> : null}
      {admitted ? (
        <p className="inline-flex items-center gap-1 font-semibold text-success">
          <CheckCircle2 aria-hidden className="size-5" /> Entrada registrada
        </p>
      ) : qr ? (
        <img src={qr} alt={`Código QR do ingresso ${label}`} width={200} height={200} className="rounded-lg bg-white" />
      ) : null}
    </li>
  );
}

/**
 * What the screen shows right after a sale: the change, then each ticket admitted or with its QR
 * (the block's code, known at once without network); for PIX, the BR Code to pay, the wait for
 * the provider and, in the sandbox, 'Pagamento recebido'.
 */
export function SaleResult({
  shown,
  onConfirmPix,
  onDone,
}: {
  shown: SaleShown;
  onConfirmPix: (confirm: boolean) => Promise<void>;
  onDone: () => void;
}) {
  const pixQr = useQr(shown.pix && !shown.pix.paid ? shown.pix.code : null, 260);
  const waitingPix = shown.pix !== null && !shown.pix.paid;
  useEffect(() => {
    if (!waitingPix) return;
    const timer = window.setInterval(() => void onConfirmPix(false), 3000);
    return () => window.clearInterval(timer);
  }, [waitingPix, onConfirmPix]);

  return (
    <section aria-labelledby="venda-feita" className="space-y-4">
      <h2 id="venda-feita" className="text-lg font-bold">
        {waitingPix ? 'Aguardando o PIX' : 'Venda registrada'}
      </h2>
      <p className="flex items-baseline justify-between rounded-xl bg-surface p-3 text-lg">
        <span>Total</span>
        <strong className="tabular-nums">{formatCentavos(shown.totalCentavos)}</strong>
      </p>
      {shown.changeCentavos !== null ? (
        <p className="text-2xl font-bold text-success">Troco: {formatCentavos(shown.changeCentavos)}</p>
      ) : null}
      {waitingPix ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-border bg-card p-4 text-center">
          <p>Peça para a pessoa pagar este PIX:</p>
          {pixQr ? <img src={pixQr} alt="Código QR do PIX" width={240} height={240} className="rounded-lg bg-white" /> : null}
          <p className="break-all font-mono text-xs text-muted">{shown.pix!.code}</p>
          {shown.pix!.canConfirm ? (
            <Button size="lg" className="h-14 w-full" onClick={() => void onConfirmPix(true)}>
              Pagamento recebido
            </Button>
          ) : (
            <p className="text-sm text-muted" role="status">
              A confirmação chega do provedor de pagamento.
            </p>
          )}
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {shown.tickets.map((t) => (
            <TicketQr key={t.code} code={t.code} label={t.label} holderName={t.holderName} admitted={t.admitted} />
          ))}
        </ul>
      )}
      <Button size="lg" variant={waitingPix ? 'outline' : 'primary'} className="h-14 w-full" onClick={onDone}>
        Nova venda
      </Button>
    </section>
  );
}
