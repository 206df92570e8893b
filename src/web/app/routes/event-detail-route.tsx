import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { EventDetail as EventDetailData } from '../../../shared/schemas/events';
import { useSession } from '../../lib/session';
import {
  RESUME_PURCHASE_PARAM,
  forgetPendingPurchase,
  readPendingPurchase,
  resumePurchasePath,
  savePendingPurchase,
} from '../../lib/pending-purchase';
import { EventDetail, type TicketSelection } from '../../features/events/components/event-detail';
import { eventKeys } from '../../features/events/api/keys';
import { useEventRoom } from '../../features/waiting-room/api/room';
import { RoomNotice } from '../../features/waiting-room/components/room-notice';
import { readPass } from '../../lib/waiting-room-pass';
import { forgetEventChoice, keepEventChoice, readEventChoice } from '../../lib/event-choice';
import { useEvent } from '../../features/events/api/get-event';
import { useMyWaitlist } from '../../features/waitlist/api/my-waitlist';
import { waitlistKeys } from '../../features/waitlist/api/keys';
import { JoinWaitlist } from '../../features/waitlist/components/join-waitlist';
import { WaitlistOfferBanner } from '../../features/waitlist/components/waitlist-offer-banner';

// The checkout (forms, validation, PIX QR) loads only for a signed-in buyer, in idle time after the
// page is shown, so it never delays the event page itself.
const loadCheckout = () => import('../../features/checkout/components/checkout-dialog');
const CheckoutDialog = lazy(() => loadCheckout().then((m) => ({ default: m.CheckoutDialog })));

interface Purchase {
  event: EventDetailData;
  selection: TicketSelection[];
  accessCode: string | null;
  /** A waiting-list offer being bought ('Lista de espera'). */
  waitlistOfferId?: string | null;
}

/** The event page's query parameter carrying a pre-sale code (a link shared by the organizer). */
const ACCESS_CODE_PARAM = 'codigo';

/**
 * /event/:id: the event page, whose buy button opens the checkout (docs/screens.md 'Event detail', docs/rules/sale.md 'Checkout'). A
 * signed-out buyer's choice is kept on the device (lib/pending-purchase.ts) while they sign in or
 * sign up; back here with `?comprar=1`, the page shows it again and opens the checkout with it.
 * In the tab, the quantities, the pre-sale code (typed, or `?codigo=`) and the waiting room's CPF
 * are kept until the order is placed (lib/event-choice.ts): a reload shows them again, and the
 * checkout's CPF starts with the room's. The phone's back button closes the checkout, keeping the choice.
 */
export function EventDetailRoute() {
  const { id = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isLoading } = useSession();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [isCheckoutOpen, setCheckoutOpen] = useState(false);
  const pending = useMemo(() => readPendingPurchase(id), [id]);
  const codeParam = searchParams.get(ACCESS_CODE_PARAM);
  // What this tab chose before a reload (the page keeps it up to date): read when the page opens.
  const kept = useMemo(() => {
    const choice = readEventChoice(id);
    const selection = pending?.selection ?? choice?.selection ?? [];
    const accessCode = pending?.accessCode ?? codeParam ?? choice?.accessCode ?? null;
    return selection.length > 0 || accessCode !== null ? { selection, accessCode } : null;
  }, [id, pending, codeParam]);
  const isResuming = searchParams.get(RESUME_PURCHASE_PARAM) === '1';
  const room = useEventRoom(id).data ?? null;
  const waitlist = useMyWaitlist(id, user !== null).data?.entries ?? [];
  const { data: shownEvent } = useEvent(id);

  useEffect(() => {
    if (!user) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => void loadCheckout());
  }, [user]);

  function handleBuy(selection: TicketSelection[], event: EventDetailData, accessCode: string | null) {
    if (isLoading) return;
    const chosen = selection.filter((line) => line.fullQuantity + line.meiaQuantity > 0);
    if (!user) {
      if (chosen.length > 0) savePendingPurchase({ eventId: event.id, selection: chosen, accessCode });
      // /auth says the choice is kept (lib/pending-purchase.ts isResumePurchasePath).
      navigate(`/auth?redirect=${encodeURIComponent(resumePurchasePath(event.id))}`);
      return;
    }
    if (isResuming) {
      // Asked once: a reload, or going back to this page, shows the event without reopening the checkout.
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(RESUME_PURCHASE_PARAM);
          return next;
        },
        { replace: true },
      );
    }
    if (room?.active && !readPass(event.id)) {
      // The on-sale goes through its waiting room: the choice waits there for the turn.
      if (chosen.length > 0) savePendingPurchase({ eventId: event.id, selection: chosen, accessCode });
      navigate(`/event/${encodeURIComponent(event.id)}/waiting-room`);
      return;
    }
    if (chosen.length === 0) {
      toast.error(isResuming ? 'Os ingressos escolhidos não estão mais disponíveis. Escolha outros.' : 'Selecione pelo menos um ingresso');
      return;
    }
    setPurchase({ event, selection: chosen, accessCode });
    setCheckoutOpen(true);
  }

  return (
    <>
      <EventDetail
        key={id}
        onBuy={handleBuy}
        kept={kept}
        onChoiceChange={(change) => keepEventChoice(id, change)}
        isResuming={isResuming && pending !== null && user !== null}
        notice={
          <>
            {room ? <RoomNotice eventId={id} room={room} /> : null}
            <WaitlistOfferBanner
              eventId={id}
              entries={waitlist}
              onBuy={(entry) => {
                if (!shownEvent) return;
                setPurchase({
                  event: shownEvent,
                  selection: [{ sectorId: entry.sectorId, fullQuantity: entry.offer.quantity, meiaQuantity: 0 }],
                  accessCode: null,
                  waitlistOfferId: entry.offer.id,
                });
                setCheckoutOpen(true);
              }}
            />
          </>
        }
        soldOutAction={(type) => (
          <JoinWaitlist
            eventId={id}
            sector={type}
            entry={waitlist.find((entry) => entry.sectorId === type.id)}
            maxPerOrder={shownEvent?.maxTicketsPerOrder ?? null}
            isSignedIn={user !== null}
            onSignIn={() => navigate(`/auth?redirect=${encodeURIComponent(`/event/${id}`)}`)}
          />
        )}
      />
      {purchase ? (
        <Suspense fallback={null}>
          <CheckoutDialog
            open={isCheckoutOpen}
            onOpenChange={setCheckoutOpen}
            event={purchase.event}
            selection={purchase.selection}
            accessCode={purchase.accessCode}
            waitlistOfferId={purchase.waitlistOfferId ?? null}
            buyerCpf={readEventChoice(purchase.event.id)?.cpf ?? null}
            onOrderPlaced={() => {
              forgetPendingPurchase();
              forgetEventChoice(purchase.event.id);
            }}
            onCompleted={() => {
              forgetPendingPurchase();
              forgetEventChoice(purchase.event.id);
              void queryClient.invalidateQueries({ queryKey: eventKeys.all });
              void queryClient.invalidateQueries({ queryKey: waitlistKeys.all });
            }}
            onPricesChanged={() => void queryClient.invalidateQueries({ queryKey: eventKeys.all })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
