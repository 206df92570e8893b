import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { EventDetail as EventDetailData } from '../../../shared/schemas/events';
import { useSession } from '../../lib/session';
import { EventDetail, type TicketSelection } from '../../features/events/components/event-detail';
import { eventKeys } from '../../features/events/api/keys';

// The checkout (forms, validation, PIX QR) loads only for a signed-in buyer, in idle time after the
// page is shown, so it never delays the event page itself.
const loadCheckout = () => import('../../features/checkout/components/checkout-dialog');
const CheckoutDialog = lazy(() => loadCheckout().then((m) => ({ default: m.CheckoutDialog })));

interface Purchase {
  event: EventDetailData;
  selection: TicketSelection[];
  accessCode: string | null;
}

/** /event/:id: the event page, whose buy button opens the checkout (SPEC.md sections 2, 5). */
export function EventDetailRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isLoading } = useSession();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [isCheckoutOpen, setCheckoutOpen] = useState(false);

  useEffect(() => {
    if (!user) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => void loadCheckout());
  }, [user]);

  function handleBuy(selection: TicketSelection[], event: EventDetailData, accessCode: string | null) {
    if (isLoading) return;
    if (!user) {
      toast.error('Você precisa estar logado para comprar ingressos');
      navigate(`/auth?redirect=/event/${id}`);
      return;
    }
    const chosen = selection.filter((line) => line.fullQuantity + line.halfQuantity > 0);
    if (chosen.length === 0) {
      toast.error('Selecione pelo menos um ingresso');
      return;
    }
    setPurchase({ event, selection: chosen, accessCode });
    setCheckoutOpen(true);
  }

  return (
    <>
      <EventDetail onBuy={handleBuy} />
      {purchase ? (
        <Suspense fallback={null}>
          <CheckoutDialog
            open={isCheckoutOpen}
            onOpenChange={setCheckoutOpen}
            event={purchase.event}
            selection={purchase.selection}
            accessCode={purchase.accessCode}
            onCompleted={() => void queryClient.invalidateQueries({ queryKey: eventKeys.all })}
            onPricesChanged={() => void queryClient.invalidateQueries({ queryKey: eventKeys.all })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
