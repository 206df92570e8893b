import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, errorMessages, type ApiErrorBody, type DomainErrorCode } from '../../shared/errors';
// Recognising a lost connection among thrown errors is not reaching the database: the one
// import from src/server/db the HTTP layer keeps (its error handler answers 503 for it).
// eslint-disable-next-line import-x/no-restricted-paths
import { isConnectionError } from '../db/client';
import { schemaValidationError } from './validation';

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
  order_limit: 409,
  cpf_limit: 409,
  event_sold_out: 409,
  session_sold_out: 409,
  full_price_sold_out: 409,
  meia_sold_out: 409,
  meia_not_offered: 400,
  meia_holder_required: 400,
  meia_cpf_repeated: 409,
  meia_companion_without_pcd: 400,
  meia_senior_age: 400,
  sector_not_open: 409,
  sector_closed: 409,
  lot_has_sales: 409,
  fee_has_sales: 409,
  withdrawal_closed: 409,
  courtesy_quota_exceeded: 409,
  waiting_room_closed: 409,
  waiting_room_cpf_taken: 409,
  waiting_room_token_invalid: 400,
  waiting_room_not_joined: 404,
  waiting_room_not_turn: 409,
  waiting_room_pass_required: 403,
  waiting_room_pass_invalid: 403,
  waiting_room_pass_expired: 403,
  waiting_room_other_device: 409,
  waiting_room_paused: 409,
  waiting_room_cpf_mismatch: 409,
  waiting_room_proof_invalid: 400,
  waiting_room_drawn: 409,
  staff_member_not_found: 404,
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
  too_many_live_streams: 429,
  conflict: 409,
  event_has_orders: 409,
  event_cancelled: 409,
  event_already_cancelled: 409,
  ticket_not_refundable: 409,
  webhook_signature_invalid: 400,
  payment_provider_unavailable: 503,
  push_endpoint_invalid: 400,
  last_admin: 409,
  database_unavailable: 503,
  holder_cpf_required: 400,
  holder_locked: 409,
  holder_meia_transfer_only: 409,
  holder_not_editable: 409,
  transfer_to_self: 400,
  transfer_not_allowed: 409,
  transfer_closed: 409,
  ticket_not_transferable: 409,
  transfer_already_pending: 409,
  transfer_not_found: 404,
  transfer_already_accepted: 409,
  transfer_was_cancelled: 409,
  transfer_wrong_account: 403,
  transfer_meia_mismatch: 400,
  transfer_email_unconfirmed: 403,
  drawer_not_found: 404,
  drawer_closed: 409,
  drawer_not_open: 409,
  access_code_throttled: 429,
  box_office_door_closed: 409,
  drawer_count_invalid: 400,
  block_not_found: 404,
  block_exhausted: 409,
  block_returned: 409,
  block_code_invalid: 409,
  cash_tendered_short: 400,
  card_machine_details_required: 400,
  box_office_courtesy_not_allowed: 409,
  box_office_pix_not_sandbox: 409,
  box_office_sale_offline_pix: 400,
  door_quota_exceeded: 409,
  waitlist_not_sold_out: 409,
  waitlist_already_joined: 409,
  waitlist_entry_not_found: 404,
  waitlist_offer_not_yours: 403,
  waitlist_offer_expired: 409,
  waitlist_offer_mismatch: 409,
  guest_list_not_found: 404,
  guest_list_closed: 409,
  guest_list_full: 409,
  guest_list_cpf_taken: 409,
  guest_list_owner_not_found: 400,
  guest_entry_not_found: 404,
  guest_entry_admitted: 409,
  guest_payment_required: 422,
  guest_cash_without_drawer: 409,
  whatsapp_code_invalid: 400,
  whatsapp_code_expired: 400,
  whatsapp_code_exhausted: 400,
  whatsapp_code_missing: 400,
  whatsapp_code_on_its_way: 409,
  whatsapp_code_too_soon: 429,
  whatsapp_number_missing: 409,
  whatsapp_already_confirmed: 409,
  internal: 500,
};

/** pt-BR for what Fastify itself refuses: bad JSON, a body too large, an address too long, a wrong content type. */
export function frameworkMessage(error: { code?: string; statusCode?: number }): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Dados enviados em formato inválido.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'O conteúdo enviado é grande demais.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Tipo de conteúdo não aceito.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
    case 'FST_ERR_BAD_URL':
      return 'Endereço inválido ou longo demais.';
  }
  if (error.statusCode === 413) return 'O conteúdo enviado é grande demais.';
  if (error.statusCode === 414) return 'Endereço inválido ou longo demais.';
  if (error.statusCode === 415) return 'Tipo de conteúdo não aceito.';
  return errorMessages.validation_failed;
}

/** Seconds a client is asked to wait (retry-after) when the database connection was lost. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * better-auth's answer when reading a session fails for a reason of its own store: it logs the
 * database error itself and throws `APIError('INTERNAL_SERVER_ERROR', FAILED_TO_GET_SESSION)`
 * without it, so isConnectionError cannot see it. Reading a session is only cookie parsing and
 * two queries, so this is the database failing (a lost connection in practice).
 */
function isSessionStoreFailure(error: unknown): boolean {
  const { name, statusCode, body } = error as { name?: unknown; statusCode?: unknown; body?: { code?: unknown } };
  return name === 'APIError' && statusCode === 500 && body?.code === 'FAILED_TO_GET_SESSION';
}

/**
 * DomainError -> its status and `{ code, message, details }`; a request failing its route's zod
 * schema -> the DomainError schemaValidationError makes of it (400 'validation_failed' with the
 * field, or the route's not-found for a malformed id), with `retry-after` when its details name
 * `retryAfterSeconds`; a lost database connection
 * (isConnectionError: restart, failover, a terminated session; or better-auth unable to read a
 * session) -> 503 'database_unavailable' with `retry-after`, logged as a warning; anything
 * else -> 500, stack in the log only.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((caught: FastifyError | DomainError, request, reply) => {
    const error = schemaValidationError(caught, request.routeOptions.config) ?? caught;
    if (error instanceof DomainError) {
      const body: ApiErrorBody = { code: error.code, message: error.message, details: error.details };
      // A throttled try says when to try again (RFC 9110 section 10.2.3).
      if (typeof error.details.retryAfterSeconds === 'number') reply.header('retry-after', String(error.details.retryAfterSeconds));
      return reply.status(statusByCode[error.code]).send(body);
    }
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      return reply.status(429).send({ code: 'rate_limited', message: errorMessages.rate_limited, details: {} });
    }
    if (status && status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ code: 'validation_failed', message: frameworkMessage(error as FastifyError), details: {} } satisfies ApiErrorBody);
    }
    if (isConnectionError(error) || isSessionStoreFailure(error)) {
      // Expected while PostgreSQL restarts or fails over: the request can simply be tried again.
      request.log.warn({ err: error }, 'database connection lost; answered 503');
      return reply
        .status(statusByCode.database_unavailable)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ code: 'database_unavailable', message: errorMessages.database_unavailable, details: {} } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ code: 'internal', message: errorMessages.internal, details: {} } satisfies ApiErrorBody);
  });
}
