import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { errorMessages } from '../../../../shared/errors';
import { PaymentEnded } from './payment-ended';

describe('PaymentEnded', () => {
  it("tells why a failed payment ended with the provider's reason, and only without one the generic words", () => {
    const reason = 'Pagamento recusado: saldo ou limite insuficiente.';
    expect(renderToStaticMarkup(<PaymentEnded status="failed" reason={reason} />)).toContain(reason);
    expect(renderToStaticMarkup(<PaymentEnded status="failed" reason={reason} />)).not.toContain(errorMessages.payment_failed);
    expect(renderToStaticMarkup(<PaymentEnded status="failed" />)).toContain(errorMessages.payment_failed);
  });

  it('says the hold expired or the order was cancelled, whatever the reason of an earlier decline', () => {
    expect(renderToStaticMarkup(<PaymentEnded status="expired" reason="Pagamento recusado." />)).toContain(errorMessages.order_expired);
    expect(renderToStaticMarkup(<PaymentEnded status="cancelled" reason="Pagamento recusado." />)).toContain('Este pedido foi cancelado.');
  });
});
