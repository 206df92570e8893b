import { lazy, Suspense, useState } from 'react';
import type { MyOrderTickets } from '../../../shared/schemas/tickets';
import { TicketsPage } from '../../features/tickets/pages/tickets-page';

// The payment step (PIX QR, card form, and Stripe.js only with Stripe) loads when a pending order
// is resumed or cancelled, not with the tickets list.
const ResumePaymentDialog = lazy(() =>
  import('../../features/checkout/components/resume-payment-dialog').then((m) => ({ default: m.ResumePaymentDialog })),
);
const CancelOrderDialog = lazy(() =>
  import('../../features/checkout/components/cancel-order-dialog').then((m) => ({ default: m.CancelOrderDialog })),
);

/** /tickets: 'Meus ingressos' (tickets feature) whose pending orders are paid or cancelled through the checkout feature. */
export function TicketsRoute() {
  const [resuming, setResuming] = useState<{ orderId: string; open: boolean } | null>(null);
  const [cancelling, setCancelling] = useState<{ order: MyOrderTickets; open: boolean } | null>(null);

  return (
    <>
      <TicketsPage
        onResumeOrder={(order) => setResuming({ orderId: order.orderId, open: true })}
        onCancelOrder={(order) => setCancelling({ order, open: true })}
      />
      {resuming ? (
        <Suspense fallback={null}>
          <ResumePaymentDialog
            key={resuming.orderId}
            orderId={resuming.orderId}
            open={resuming.open}
            onOpenChange={(open) => setResuming(open ? resuming : null)}
          />
        </Suspense>
      ) : null}
      {cancelling ? (
        <Suspense fallback={null}>
          <CancelOrderDialog
            key={cancelling.order.orderId}
            order={{
              orderId: cancelling.order.orderId,
              eventTitle: cancelling.order.event.title,
              totalCentavos: cancelling.order.totalCentavos,
            }}
            open={cancelling.open}
            onOpenChange={(open) => setCancelling(open ? cancelling : null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
