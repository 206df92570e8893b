import { toast } from 'sonner';
import { Gift } from 'lucide-react';
import { describeEventStart } from '../../../../shared/dates';
import type { TransferView } from '../../../../shared/schemas/transfers';
import { AcceptTransferForm } from './accept-transfer-form';

/** 'Ingressos para você': transfers sent to the user's e-mail, each with 'Aceitar ingresso'. */
export function IncomingTransfers({ transfers }: { transfers: TransferView[] }) {
  if (transfers.length === 0) return null;
  return (
    <section aria-labelledby="tickets-incoming">
      <h2 id="tickets-incoming" className="text-xl font-bold">
        Ingressos para você
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">Aceite para receber o ingresso no seu nome, com um QR code novo.</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {transfers.map((transfer) => (
          <li key={transfer.id} className="rounded-2xl border border-border bg-card p-4">
            <div className="mb-3 flex items-start gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent" aria-hidden>
                <Gift className="size-5" />
              </span>
              <div className="min-w-0">
                <h3 className="leading-snug font-bold">{transfer.event.title}</h3>
                <p className="text-sm">{transfer.sectorName}</p>
                <p className="text-sm text-muted">
                  {describeEventStart(transfer.event.date, transfer.event.startTime).text} · {transfer.event.location}
                </p>
                <p className="mt-1 text-sm">Enviado por {transfer.fromName}</p>
              </div>
            </div>
            <AcceptTransferForm
              transfer={transfer}
              by={{ transferId: transfer.id }}
              onAccepted={() => toast.success('Ingresso aceito! Ele já está em Meus ingressos, no seu nome.')}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
