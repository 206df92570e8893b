import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardPaymentSchema,
  lastBuyerSchema,
  orderQuoteSchema,
  orderViewSchema,
  placeOrderSchema,
  quoteOrderSchema,
} from '../../../shared/schemas/orders';
import { responses } from '../../../shared/schemas/api-error';
import { myTicketsSchema } from '../../../shared/schemas/tickets';
import { DomainError } from '../../../shared/errors';
import { placeOrder } from '../../services/payments/checkout';
import { quoteOrder } from '../../services/orders/quote-order';
import { cancelMyOrder, getMyOrder, payOrderWithCard, simulatePixPayment } from '../../services/payments/pay-order';
import { getOrderByPaymentSession } from '../../services/orders/get-order-by-payment-session';
import { listMyTickets } from '../../services/orders/list-my-tickets';
import { withWalletOptions } from '../../services/wallet/ticket-wallet';
import { walletSettingsOf } from '../../services/wallet/wallet-settings';
import { getLastBuyerData } from '../../services/orders/last-buyer-data';
import { markPassUsed, requirePass } from '../../services/onsale/require-pass';
import { idNotFound, idParamsSchema } from '../validation';
import type { RouteContext } from '../context';
import { auditActor } from '../audit-actor';

/** The query of GET /api/payment-success: the provider's session id, anything else ignored. */
const paymentSuccessQuerySchema = z.object({ session_id: z.unknown().optional() });

/** Checkout, payment and the buyer's tickets; all need a signed-in user. */
export async function orderRoutes(fastify: FastifyInstance, { deps, guards, config }: RouteContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // An order named in the path: signed in first, then a malformed id is an unknown order.
  const orderRoute = {
    preValidation: guards.signedIn,
    schema: { params: idParamsSchema, response: responses({ 200: orderViewSchema }) },
    config: idNotFound(() => new DomainError('order_not_found')),
  };

  app.post(
    '/api/orders',
    {
      preValidation: guards.signedIn,
      schema: { body: placeOrderSchema, response: responses({ 201: orderViewSchema }) },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await guards.requireUser(request);
      const body = request.body;
      // A waiting-list offer's units are held for this account alone (the sale refuses anyone
      // else's): buying them asks no turn of the event's waiting room.
      const passChecked = body.waitlistOfferId
        ? false
        : await requirePass(deps, user.id, {
            eventId: body.eventId,
            buyerCpf: body.buyer.cpf,
            waitingRoomPass: body.waitingRoomPass,
            deviceId: body.deviceId,
          });
      const order = await placeOrder(deps, user.id, body);
      if (passChecked) await markPassUsed(deps, user.id, body.eventId);
      return reply.status(201).send(order);
    },
  );

  // The checkout's itemised total before 'Confirmar' (lots, meia-entrada, fee, coupon): nothing held.
  app.post(
    '/api/orders/quote',
    {
      preValidation: guards.signedIn,
      schema: { body: quoteOrderSchema, response: responses({ 200: orderQuoteSchema }) },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    // The asking account counts towards the limit per CPF, as when it places the order.
    async (request) => quoteOrder(db, request.body, new Date(), (await guards.requireUser(request)).id),
  );

  app.get('/api/orders/:id', orderRoute, async (request, reply) => {
    const user = await guards.requireUser(request);
    reply.header('cache-control', 'no-store');
    return getMyOrder(deps, user.id, request.params.id);
  });

  app.post('/api/orders/:id/cancel', orderRoute, async (request) => {
    const user = await guards.requireUser(request);
    return cancelMyOrder(deps, user.id, request.params.id, auditActor(request, user));
  });

  // Raw card numbers are taken only by the sandbox's test form; with a real provider the browser
  // confirms with the provider's own elements and this route does not exist.
  if (deps.payments.chargeCard) {
    app.post(
      '/api/orders/:id/card-payment',
      { ...orderRoute, schema: { params: idParamsSchema, body: cardPaymentSchema, response: responses({ 200: orderViewSchema }) } },
      async (request) => {
        const user = await guards.requireUser(request);
        return payOrderWithCard(deps, user.id, request.params.id, request.body);
      },
    );
  }

  app.post('/api/orders/:id/simulate-pix-payment', orderRoute, async (request) => {
    const user = await guards.requireUser(request);
    return simulatePixPayment(deps, user.id, request.params.id);
  });

  // docs/screens.md 'Payment success': the order behind a payment session id. Public, as the page is;
  // the id is an unguessable provider reference.
  app.get(
    '/api/payment-success',
    { schema: { querystring: paymentSuccessQuerySchema, response: responses({ 200: orderViewSchema.nullable() }) } },
    async (request) => {
      const sessionId = typeof request.query.session_id === 'string' ? request.query.session_id.trim() : '';
      return getOrderByPaymentSession(deps, sessionId);
    },
  );

  app.get('/api/orders/last-buyer', { schema: { response: responses({ 200: lastBuyerSchema }) } }, async (request, reply) => {
    const user = await guards.requireUser(request);
    reply.header('cache-control', 'no-store');
    return getLastBuyerData(db, user.id);
  });

  app.get('/api/tickets', { schema: { response: responses({ 200: myTicketsSchema }) } }, async (request) => {
    const user = await guards.requireUser(request);
    const mine = await listMyTickets(db, user.id, new Date(), deps.ticketSigningKey);
    return { orders: withWalletOptions(mine, walletSettingsOf(config, deps.publicUrl)) };
  });
}
