import { useState } from 'react';
import { Ticket } from 'lucide-react';
import { toast } from 'sonner';
import type { WaitlistEntryView } from '../../../../shared/schemas/waitlist';
import { formatCentavos } from '../../../../shared/money';
import { offerDeadlineText } from '../../../../shared/waitlist-deadline';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useBackCloses } from '../../../lib/use-back-closes';
import { useLeaveWaitlist } from '../api/leave-waitlist';

interface WaitlistOfferBannerProps {
  eventId: string;
  entries: WaitlistEntryView[];
  /** 'Comprar agora': the checkout with the offer's units. */
  onBuy(entry: WaitlistEntryView & { offer: NonNullable<WaitlistEntryView['offer']> }): void;
}

/**
 * The event page's notice of a waiting-list offer: 'Um ingresso ficou disponível para você até
 * 22:40', its sector and price, 'Comprar agora' and 'Recusar' (the offer goes to the next in
 * line at once). Nothing when no offer is open.
 */
export function WaitlistOfferBanner({ eventId, entries, onBuy }: WaitlistOfferBannerProps) {
  const now = new Date();
  const leave = useLeaveWaitlist(eventId);
  const [declining, setDeclining] = useState<string | null>(null);
  // The phone's back button closes the question, not the event page.
  const closeQuestion = useBackCloses(declining !== null, () => setDeclining(null));
  const offered = entries.flatMap((entry) =>
    entry.status === 'offered' && entry.offer && new Date(entry.offer.expiresAt).getTime() > now.getTime()
      ? [{ ...entry, offer: entry.offer }]
      : [],
  );
  if (offered.length === 0) return null;
  return (
    <div className="mt-4 flex flex-col gap-3">
      {offered.map((entry) => {
        const one = entry.offer.quantity === 1;
        const titleId = `waitlist-offer-${entry.id}`;
        return (
          <section
            key={entry.id}
            aria-labelledby={titleId}
            className="flex flex-col gap-3 rounded-2xl border border-success/40 bg-success/10 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex gap-3">
              <Ticket aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
              <div>
                <h2 id={titleId} className="font-bold">
                  {one ? 'Um ingresso ficou disponível' : `${entry.offer.quantity} ingressos ficaram disponíveis`} para você até{' '}
                  {offerDeadlineText(entry.offer.expiresAt, now)}
                </h2>
                <p className="mt-0.5 text-sm">
                  Lista de espera de {entry.sectorName} ·{' '}
                  <span className="tabular-nums">{formatCentavos(entry.offer.unitPriceCentavos)}</span>
                  {one ? '' : ' cada'}. Depois desse horário, {one ? 'ele passa' : 'eles passam'} para a próxima pessoa da fila.
                </p>
              </div>
            </div>
            <div className="flex shrink-0 flex-col gap-2 sm:flex-row-reverse">
              <Button size="lg" variant="success" onClick={() => onBuy(entry)}>
                Comprar agora
              </Button>
              <Button variant="ghost" onClick={() => setDeclining(entry.id)}>
                Recusar
              </Button>
            </div>
          </section>
        );
      })}
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(open) => !open && closeQuestion()}
        title="Recusar os ingressos da lista de espera?"
        description="Eles passam na hora para a próxima pessoa da fila, e você sai da lista deste setor."
        confirmLabel="Recusar"
        isPending={leave.isPending}
        onConfirm={() =>
          declining &&
          leave.mutate(declining, {
            onSuccess: () => {
              closeQuestion();
              toast.success('Oferta recusada');
            },
            onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Não foi possível recusar. Tente novamente.'),
          })
        }
      />
    </div>
  );
}
