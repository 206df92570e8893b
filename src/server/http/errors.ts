import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, errorMessages, type ApiErrorBody, type DomainErrorCode } from '../../shared/errors';

/** HTTP status of each domain error code; a new code without a status does not compile. */
export const statusByCode: Record<DomainErrorCode, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  event_not_found: 404,
  news_not_found: 404,
  ticket_type_not_found: 400,
  ticket_type_sold_out: 409,
  ticket_type_has_orders: 409,
  ticket_type_last: 409,
  image_invalid: 400,
  image_too_large: 413,
  price_changed: 409,
  no_tickets_selected: 400,
  buyer_data_missing: 400,
  cpf_invalid: 400,
  phone_invalid: 400,
  email_invalid: 400,
  installments_invalid: 400,
  payment_method_invalid: 400,
  event_finished: 409,
  order_not_found: 404,
  order_not_pending: 409,
  order_expired: 409,
  payment_declined: 402,
  card_invalid: 400,
  payment_failed: 502,
  coupon_invalid: 400,
  coupon_expired: 400,
  coupon_not_started: 400,
  coupon_exhausted: 409,
  coupon_min_purchase: 400,
  coupon_other_event: 400,
  order_not_refundable: 409,
  refund_already_requested: 409,
  refund_not_pending: 409,
  refund_not_found: 404,
  refunds_admin_only: 403,
  ticket_code_required: 400,
  rate_limited: 429,
  conflict: 409,
  internal: 500,
};

/** DomainError -> its status and `{ code, message, details }`; anything else -> 500, stack in the log only. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const body: ApiErrorBody = { code: error.code, message: error.message, details: error.details };
      return reply.status(statusByCode[error.code]).send(body);
    }
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      return reply.status(429).send({ code: 'rate_limited', message: errorMessages.rate_limited, details: {} });
    }
    if (status && status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ code: 'validation_failed', message: errorMessages.validation_failed, details: {} } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ code: 'internal', message: errorMessages.internal, details: {} } satisfies ApiErrorBody);
  });
}
