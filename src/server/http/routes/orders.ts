import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { cardPaymentSchema, placeOrderSchema } from '../../../shared/schemas/orders';
import { DomainError } from '../../../shared/errors';
import { orders } from '../../db/schema';
import { placeOrder } from '../../services/orders/place-order';
import { cancelMyOrder, getMyOrder, payOrderWithCard, simulatePixPayment } from '../../services/orders/pay-order';
import { loadOrderView } from '../../services/orders/order-view';
import { listMyTickets } from '../../services/orders/list-my-tickets';
import { getLastBuyerData } from '../../services/orders/last-buyer-data';
import { parse, uuidParam } from '../parse';
import type { RouteContext } from '../context';

/** Checkout, payment and the buyer's tickets; all need a signed-in user. */
export async function orderRoutes(app: FastifyInstance, { deps, guards }: RouteContext) {
  const { db } = deps;

  app.post('/api/orders', { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    const input = parse(placeOrderSchema, request.body);
    const order = await placeOrder(deps, user.id, input);
    return reply.status(201).send(order);
  });

  app.get<{ Params: { id: string } }>('/api/orders/:id', async (request, reply) => {
    const user = await guards.requireUser(request);
    reply.header('cache-control', 'no-store');
    return getMyOrder(deps, user.id, uuidParam(request.params.id, 'order_not_found'));
  });

  app.post<{ Params: { id: string } }>('/api/orders/:id/cancel', async (request) => {
    const user = await guards.requireUser(request);
    return cancelMyOrder(deps, user.id, uuidParam(request.params.id, 'order_not_found'));
  });

  // Raw card numbers are taken only by the sandbox's test form; with a real provider the browser
  // confirms with the provider's own elements and this route does not exist.
  if (deps.payments.chargeCard) {
    app.post<{ Params: { id: string } }>('/api/orders/:id/card-payment', async (request) => {
      const user = await guards.requireUser(request);
      const card = parse(cardPaymentSchema, request.body);
      return payOrderWithCard(deps, user.id, uuidParam(request.params.id, 'order_not_found'), card);
    });
  }

  app.post<{ Params: { id: string } }>('/api/orders/:id/simulate-pix-payment', async (request) => {
    const user = await guards.requireUser(request);
    return simulatePixPayment(deps, user.id, uuidParam(request.params.id, 'order_not_found'));
  });

  // SPEC.md 'Payment success': the order behind a payment session id. Public, as the page is;
  // the id is an unguessable provider reference.
  app.get<{ Querystring: { session_id?: string } }>('/api/payment-success', async (request) => {
    const sessionId = request.query.session_id?.trim();
    if (!sessionId) throw new DomainError('order_not_found');
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, sessionId));
    if (!row) throw new DomainError('order_not_found');
    return loadOrderView(deps, row.id);
  });

  app.get('/api/orders/last-buyer', async (request, reply) => {
    const user = await guards.requireUser(request);
    reply.header('cache-control', 'no-store');
    return getLastBuyerData(db, user.id);
  });

  app.get('/api/tickets', async (request) => {
    const user = await guards.requireUser(request);
    return { orders: await listMyTickets(db, user.id) };
  });
}
