import { errorMessages } from '../../shared/errors';

// Stripe's decline and error codes in the buyer's words, kept apart from the SDK
// (stripe-provider.ts), which the server loads only when Stripe runs.

/** What Stripe says about a failed attempt (`PaymentIntent.last_payment_error`), as far as it is read here. */
export interface StripePaymentError {
  type?: string;
  code?: string | null;
  decline_code?: string | null;
}

const insufficientFunds = 'Pagamento recusado: saldo ou limite insuficiente. Tente outro cartão ou pague com PIX.';
const messageByCode: Record<string, string> = {
  insufficient_funds: insufficientFunds,
  card_velocity_exceeded: insufficientFunds,
  withdrawal_count_limit_exceeded: insufficientFunds,
  expired_card: 'Cartão vencido. Tente outro cartão ou pague com PIX.',
  incorrect_cvc: 'Código de segurança (CVV) incorreto. Confira e tente de novo.',
  invalid_cvc: 'Código de segurança (CVV) incorreto. Confira e tente de novo.',
  incorrect_number: 'Número do cartão inválido. Confira e tente de novo.',
  invalid_number: 'Número do cartão inválido. Confira e tente de novo.',
  invalid_expiry_month: 'Validade do cartão inválida. Confira e tente de novo.',
  invalid_expiry_year: 'Validade do cartão inválida. Confira e tente de novo.',
  processing_error: 'O emissor não conseguiu processar o cartão. Tente de novo em instantes ou use outro cartão.',
  authentication_required: 'O banco pediu a autenticação do cartão, que não foi concluída. Tente de novo ou use outro cartão.',
  payment_intent_authentication_failure: 'A autenticação do cartão não foi concluída. Tente de novo ou use outro cartão.',
  payment_intent_payment_attempt_expired: 'O prazo para pagar este PIX terminou.',
};

/**
 * The pt-BR reason shown to the buyer for a failed attempt (`payment_intent.payment_failed`),
 * from Stripe's decline code, else its error code (Stripe's 'Decline codes' and 'Error codes'
 * references): insufficient funds, expired card, wrong CVV or number, 3-D Secure not completed,
 * an expired PIX. Any other card decline gets the general 'Pagamento recusado pelo emissor do
 * cartão...' message; null when Stripe gave nothing recognisable (the order then shows the
 * general 'Erro no pagamento').
 */
export function describeStripePaymentError(error: StripePaymentError | null | undefined): string | null {
  if (!error) return null;
  const known = (error.decline_code && messageByCode[error.decline_code]) || (error.code && messageByCode[error.code]);
  if (known) return known;
  if (error.type === 'card_error' || error.code === 'card_declined') return errorMessages.payment_declined;
  return null;
}
