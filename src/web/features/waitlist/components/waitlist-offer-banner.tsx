import { Ticket } from 'lucide-react';
import type { WaitlistEntryView } from '../../../../shared/schemas/waitlist';
import { formatCentavos } from '../../../../shared/money';
import { offerDeadlineText } from '../../../../shared/waitlist-deadline';
import { Button } from '../../../components/ui/button';

interface WaitlistOfferBannerProps {
  entries: WaitlistEntryView[];
  /** 'Comprar agora': the checkout with the offer's units. */
  onBuy(entry: WaitlistEntryView & { offer: NonNullable<WaitlistEntryView['offer']> }): void;
}

/**
 * The event page's notice of a waiting-list offer: 'Um ingresso ficou disponível para você até
 * 22:40', its sector and price, and 'Comprar agora'. Nothing when no offer is open.
 */
export function WaitlistOfferBanner({ entries, onBuy }: WaitlistOfferBannerProps) {
  const now = new Date();
  const offered = entries.flatMap((entry) =>
    entry.status === 'offered' && entry.offer && new Date(entry.offer.expiresAt).getTime() > now.getTime() ? [{ ...entry, offer: entry.offer }] : [],
  );
  if (offered.length === 0) return null;
  return (
    <div className="mt-4 flex flex-col gap-3">
      {offered.map((entry) => {
        const one = entry.offer.quantity === 1;
        const titleId = `waitlist-offer-${entry.id}`;
        return (
          <section key={entry.id} aria-labelledby={titleId} className="flex flex-col gap-3 rounded-2xl border border-success/40 bg-success/10 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex gap-3">
              <Ticket aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
              <div>
                <h2 id={titleId} className="font-bold">
                  {one ? 'Um ingresso ficou disponível' : `${entry.offer.quantity} ingressos ficaram disponíveis`} para você até{' '}
                  {offerDeadlineText(entry.offer.expiresAt, now)}
                </h2>
                <p className="mt-0.5 text-sm">
                  Lista de espera de {entry.ticketTypeName} · <span className="tabular-nums">{formatCentavos(entry.offer.unitPriceCentavos)}</span>
                  {one ? '' : ' cada'}. Depois desse horário, {one ? 'ele passa' : 'eles passam'} para a próxima pessoa da fila.
                </p>
              </div>
            </div>
            <Button size="lg" variant="success" className="shrink-0" onClick={() => onBuy(entry)}>
              Comprar agora
            </Button>
          </section>
        );
      })}
    </div>
  );
}
