import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../../shared/errors';
import { handlePaymentEvent } from '../../services/payments/handle-payment-event';
import type { RouteContext } from '../context';
import { responses } from '../../../shared/schemas/api-error';
import { webhookReceivedSchema } from '../../../shared/schemas/orders';

/**
 * Stripe's webhook (issue 8 'Webhooks'), registered only when Stripe runs: POST
 * /api/payments/stripe/webhook. The signature is checked on the raw body, so JSON is kept as the
 * bytes received in this plugin only (Fastify scopes the parser to it). A missing, tampered or
 * stale (over 5 minutes) signature is answered 400 'webhook_signature_invalid' with nothing
 * changed; a verified event is handled once (handlePaymentEvent) and answered 200
 * `{ received: true }`, a redelivery too. A failure while handling it answers 5xx and Stripe
 * delivers it again later.
 */
export async function paymentWebhookRoutes(app: FastifyInstance, { deps, webhookSecret }: RouteContext & { webhookSecret: string }) {
  const { verifyStripeWebhook } = await import('../../payments/stripe-provider');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/payments/stripe/webhook', { schema: { response: responses({ 200: webhookReceivedSchema }) } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    if (!Buffer.isBuffer(request.body) || typeof signature !== 'string' || signature === '') {
      throw new DomainError('webhook_signature_invalid');
    }
    let event;
    try {
      event = verifyStripeWebhook(request.body, signature, webhookSecret);
    } catch (error) {
      request.log.warn({ err: error }, 'Stripe webhook refused: signature');
      throw new DomainError('webhook_signature_invalid');
    }
    await handlePaymentEvent(deps, { provider: 'stripe', id: event.id, type: event.type, object: event.data.object }, new Date());
    return { received: true };
  });
}
