import { describe, expect, it } from 'vitest';
import { matchPayment, type ReportedPayment } from './payment-match';

const order = { id: '0b6f1f7e-2c1a-4c8e-9d3a-5f1e2d3c4b5a', paymentId: 'pi_own', totalCentavos: 16000 };
const own: ReportedPayment = {
  paymentId: 'pi_own',
  orderId: order.id,
  amountCentavos: 16000,
  amountReceivedCentavos: 16000,
  currency: 'brl',
};

describe('matchPayment', () => {
  it('takes the payment the order made, for its total in BRL', () => {
    expect(matchPayment(order, own)).toBe('pays');
    expect(matchPayment(order, { ...own, orderId: null, amountReceivedCentavos: null })).toBe('pays');
  });

  it('refuses the order its own payment when an amount or the currency differs', () => {
    expect(matchPayment(order, { ...own, amountCentavos: 100, amountReceivedCentavos: 100 })).toBe('mismatch');
    expect(matchPayment(order, { ...own, amountReceivedCentavos: 15999 })).toBe('mismatch');
    expect(matchPayment(order, { ...own, currency: 'usd' })).toBe('mismatch');
    expect(matchPayment(order, { ...own, amountCentavos: null, amountReceivedCentavos: null })).toBe('mismatch');
  });

  it('calls another payment of the right amount naming the order another payment, never its payment', () => {
    expect(matchPayment(order, { ...own, paymentId: 'pi_other' })).toBe('another_payment');
    expect(matchPayment({ ...order, id: order.id.toUpperCase() }, { ...own, paymentId: 'pi_other' })).toBe('another_payment');
  });

  it('ignores another payment that does not name the order or is of another amount', () => {
    expect(matchPayment(order, { ...own, paymentId: 'pi_other', orderId: null })).toBe('mismatch');
    expect(matchPayment(order, { ...own, paymentId: 'pi_other', orderId: 'a1b2c3d4-0000-4000-8000-000000000000' })).toBe('mismatch');
    expect(matchPayment(order, { ...own, paymentId: 'pi_other', amountCentavos: 50, amountReceivedCentavos: 50 })).toBe('mismatch');
  });

  it('adopts a payment naming an order that lost its payment id only when the amount and currency match', () => {
    const lost = { ...order, paymentId: null };
    expect(matchPayment(lost, { ...own, paymentId: 'pi_found' })).toBe('pays');
    expect(matchPayment(lost, { ...own, paymentId: 'pi_found', amountCentavos: 50, amountReceivedCentavos: 50 })).toBe('mismatch');
    expect(matchPayment(lost, { ...own, paymentId: 'pi_found', currency: 'usd' })).toBe('mismatch');
    expect(matchPayment(lost, { ...own, paymentId: 'pi_found', orderId: null })).toBe('mismatch');
  });
});
