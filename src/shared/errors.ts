import type { z } from 'zod';
import type { apiErrorSchema } from './schemas/api-error';

/**
 * Closed set of domain error codes and their pt-BR messages (docs/conventions.md 'Errors').
 * The HTTP layer maps each code to a status; the web shows `message` as is.
 */
export const errorMessages = {
  validation_failed: 'Verifique os dados informados.',
  unauthenticated: 'Você precisa estar logado para continuar.',
  forbidden: 'Você não tem permissão para esta ação.',
  not_found: 'Não encontrado.',
  event_not_found: 'Evento não encontrado',
  news_not_found: 'Notícia não encontrada',
  ticket_type_not_found: 'Tipo de ingresso não encontrado.',
  ticket_type_sold_out: 'Ingressos esgotados para este tipo. Escolha outra quantidade ou outro ingresso.',
  ticket_type_has_orders:
    'Este ingresso já tem pedidos e não pode ser removido. Para encerrar as vendas, deixe a quantidade disponível em 0.',
  ticket_type_last: 'O evento precisa de pelo menos um tipo de ingresso.',
  image_invalid: 'Formato inválido. Por favor, selecione uma imagem JPG, PNG ou WebP.',
  image_too_large: 'Arquivo muito grande. A imagem deve ter no máximo 5MB.',
  price_changed: 'O preço deste ingresso acabou de mudar. Revise seu pedido e tente de novo.',
  order_limit: 'Limite de ingressos por pedido neste evento atingido.',
  cpf_limit: 'Limite de ingressos por CPF neste evento atingido.',
  event_sold_out: 'Ingressos esgotados: o evento atingiu a lotação.',
  session_sold_out: 'Ingressos esgotados: uma sessão deste ingresso atingiu a lotação.',
  full_price_sold_out: 'As inteiras deste setor esgotaram; restam apenas ingressos de meia-entrada.',
  meia_sold_out: 'Cota de meia-entrada esgotada',
  meia_not_offered: 'Este evento não vende meia-entrada.',
  meia_holder_required: 'Informe nome, CPF e data de nascimento de quem vai usar cada meia-entrada.',
  meia_cpf_repeated: 'Este CPF já tem uma meia-entrada neste evento. Cada pessoa pode ter uma.',
  meia_companion_without_pcd: 'A meia-entrada de acompanhante só vale junto com a de uma pessoa com deficiência no mesmo pedido.',
  meia_senior_age: 'A meia-entrada de pessoa idosa é para quem tem 60 anos ou mais.',
  sector_not_open: 'As vendas deste setor ainda não abriram.',
  sector_closed: 'Vendas encerradas',
  lot_has_sales: 'Este lote já tem vendas: o preço e o início não podem mudar, e a quantidade não pode ficar abaixo do que já saiu.',
  fee_has_sales: 'A taxa de serviço não pode mudar depois que as vendas começaram.',
  withdrawal_closed: 'O prazo para cancelar a compra por conta própria terminou. Você ainda pode solicitar o reembolso.',
  courtesy_quota_exceeded: 'Sua cota de cortesias neste evento não comporta esta emissão.',
  staff_member_not_found: 'Não há ninguém da equipe (administrador ou bilheteria) com este e-mail.',
  no_tickets_selected: 'Selecione pelo menos um ingresso',
  buyer_data_missing: 'Preencha todos os dados obrigatórios',
  cpf_invalid: 'CPF inválido',
  phone_invalid: 'Telefone inválido',
  email_invalid: 'E-mail inválido',
  installments_invalid: 'Parcelamento inválido: escolha de 1 a 6 parcelas.',
  payment_method_invalid: 'Forma de pagamento inválida.',
  event_finished: 'Este evento já aconteceu; as vendas estão encerradas.',
  order_not_found: 'Pedido não encontrado.',
  order_not_pending: 'Este pedido não está mais aguardando pagamento.',
  order_expired: 'O prazo para pagamento deste pedido expirou.',
  payment_declined: 'Pagamento recusado pelo emissor do cartão. Tente outro cartão ou pague com PIX.',
  card_invalid: 'Dados do cartão inválidos.',
  payment_failed: 'Erro no pagamento',
  coupon_invalid: 'Cupom inválido.',
  coupon_expired: 'Este cupom não está mais válido.',
  coupon_not_started: 'Este cupom ainda não está válido.',
  coupon_exhausted: 'Este cupom atingiu o limite de usos.',
  coupon_min_purchase: 'O valor mínimo para este cupom não foi atingido.',
  coupon_other_event: 'Este cupom não vale para este evento.',
  order_not_refundable: 'Este pedido não pode ser reembolsado.',
  refund_already_requested: 'Já existe uma solicitação de reembolso para este pedido.',
  refund_not_pending: 'Este reembolso já foi decidido.',
  refund_not_found: 'Reembolso não encontrado.',
  refunds_admin_only: 'Acesso negado. Apenas administradores podem gerenciar reembolsos.',
  ticket_code_required: 'Digite ou escaneie um código QR',
  rate_limited: 'Muitas tentativas. Aguarde um instante e tente novamente.',
  too_many_live_streams: 'Muitas atualizações ao vivo abertas ao mesmo tempo. Feche outras abas do site ou tente de novo em instantes.',
  conflict: 'Este registro foi alterado por outra pessoa. Recarregue e tente novamente.',
  event_has_orders: 'Este evento já tem pedidos e não pode ser excluído. Cancele o evento para reembolsar os compradores.',
  event_cancelled: 'Este evento foi cancelado; as vendas estão encerradas.',
  event_already_cancelled: 'Este evento já foi cancelado.',
  ticket_not_refundable: 'Este ingresso não pode ser reembolsado.',
  webhook_signature_invalid: 'Assinatura do webhook inválida.',
  payment_provider_unavailable: 'O provedor de pagamento não respondeu. Tente novamente em instantes.',
  last_admin: 'Não é possível remover o último administrador.',
  push_endpoint_invalid: 'Este navegador não usa um serviço de notificações conhecido. Tente outro navegador.',
  database_unavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  waiting_room_closed: 'A sala de espera deste evento não está aberta.',
  waiting_room_cpf_taken: 'Este CPF já tem um lugar na fila deste evento, em outra conta.',
  waiting_room_token_invalid:
    'Não reconhecemos seu lugar na fila. Entre na sala de espera de novo: se você já estava nela, seu lugar continua o mesmo.',
  waiting_room_not_joined: 'Você não está na fila deste evento.',
  waiting_room_not_turn: 'Ainda não é a sua vez.',
  waiting_room_pass_required: 'Esta venda tem sala de espera: entre na fila para comprar.',
  waiting_room_pass_invalid: 'Esta vez na fila não é sua ou não vale para este evento.',
  waiting_room_pass_expired: 'Sua vez expirou.',
  waiting_room_other_device: 'Sua vez já está sendo usada em outro dispositivo.',
  waiting_room_paused: 'Venda pausada pelo organizador.',
  waiting_room_cpf_mismatch: 'Compre com o CPF com que você entrou na fila.',
  waiting_room_proof_invalid: 'A verificação deste navegador não foi aceita. Recarregue a página e tente de novo.',
  waiting_room_drawn: 'A ordem da fila já foi sorteada: o horário da abertura não pode mais mudar.',
  holder_cpf_required: 'Informe o CPF de quem vai usar o ingresso: este evento é nominal.',
  holder_locked: 'O evento já começou: não dá mais para trocar o titular.',
  holder_meia_transfer_only:
    'Meia-entrada é pessoal: para passá-la a outra pessoa, use Transferir ingresso (ela declara a categoria e o documento).',
  holder_not_editable: 'Este ingresso não pode mais ter o titular alterado: ele já foi utilizado, reembolsado ou cancelado.',
  transfer_to_self: 'Você não pode transferir um ingresso para o seu próprio e-mail.',
  transfer_not_allowed: 'O organizador deste evento não permite transferir ingressos.',
  transfer_closed: 'O prazo para transferir ingressos deste evento terminou.',
  ticket_not_transferable:
    'Este ingresso não pode ser transferido: ele já foi utilizado, reembolsado ou cancelado, ou está num pedido de reembolso.',
  transfer_already_pending: 'Este ingresso já tem uma transferência aguardando aceite. Cancele-a antes de transferir de novo.',
  transfer_not_found: 'Transferência não encontrada.',
  transfer_already_accepted: 'Esta transferência já foi aceita.',
  transfer_was_cancelled: 'Esta transferência foi cancelada por quem enviou o ingresso.',
  transfer_wrong_account: 'Este ingresso foi enviado para outro e-mail. Entre com a conta do e-mail que recebeu a transferência.',
  transfer_meia_mismatch:
    'Este ingresso é meia-entrada: só pode recebê-lo quem declara a mesma categoria de benefício e informa o documento.',
  transfer_email_unconfirmed: 'Confirme seu e-mail antes de aceitar o ingresso: enviamos um link de confirmação para ele.',
  drawer_not_found: 'Caixa não encontrado.',
  drawer_closed: 'Este caixa já foi fechado.',
  drawer_not_open: 'Abra o caixa deste evento antes de vender.',
  access_code_throttled: 'Muitos códigos de acesso errados. Tente de novo em alguns minutos.',
  box_office_door_closed: 'A portaria deste evento não está aberta: a bilheteria não pode admitir nem vender para um evento encerrado.',
  drawer_count_invalid: 'Informe o valor contado no caixa: zero ou mais.',
  block_not_found: 'Bloco de ingressos não encontrado.',
  block_exhausted: 'Venda além do bloco deste aparelho: não há ingressos suficientes nele. Reserve outro bloco.',
  block_returned: 'Este bloco de ingressos já foi devolvido.',
  block_code_invalid: 'Este código de ingresso não pertence ao bloco deste aparelho ou já foi usado.',
  cash_tendered_short: 'O valor recebido em dinheiro é menor que o total.',
  card_machine_details_required: 'Informe o NSU e a bandeira do comprovante da maquininha.',
  box_office_courtesy_not_allowed: 'Você não tem cota de cortesias neste evento, ou ela não comporta esta emissão.',
  box_office_pix_not_sandbox: 'Este PIX é confirmado pelo provedor de pagamento: aguarde a confirmação.',
  box_office_sale_offline_pix: 'PIX só com internet: venda em dinheiro ou na maquininha.',
  door_quota_exceeded: 'A cota da bilheteria para este setor não comporta este bloco.',
  waitlist_not_sold_out: 'Este setor ainda tem ingressos à venda: compre agora, sem lista de espera.',
  waitlist_already_joined: 'Você já está na lista de espera deste setor.',
  waitlist_entry_not_found: 'Você não está na lista de espera deste setor.',
  waitlist_offer_not_yours: 'Estes ingressos estão reservados para outra pessoa da lista de espera.',
  waitlist_offer_expired: 'O prazo para comprar os ingressos da lista de espera terminou.',
  waitlist_offer_mismatch: 'A oferta da lista de espera vale só para o setor e a quantidade reservados para você.',
  guest_list_not_found: 'Lista não encontrada.',
  guest_list_closed: 'Lista encerrada',
  guest_list_full: 'A lista atingiu o limite de nomes',
  guest_list_cpf_taken: 'Este CPF já está nesta lista.',
  guest_list_owner_not_found: 'Não há ninguém da equipe (promoter ou staff) com este e-mail.',
  guest_entry_not_found: 'Nome não encontrado na lista.',
  guest_entry_admitted: 'Este nome já entrou.',
  guest_payment_required: 'Passou do horário grátis: informe se pagou em dinheiro ou na maquininha.',
  guest_cash_without_drawer: 'Para receber em dinheiro, abra um caixa da bilheteria neste evento. Sem caixa, receba na maquininha.',
  whatsapp_code_invalid: 'Código incorreto. Confira o código que enviamos por WhatsApp.',
  whatsapp_code_expired: 'Este código expirou. Peça um novo código.',
  whatsapp_code_exhausted: 'Muitas tentativas com código errado. Peça um novo código.',
  whatsapp_code_missing: 'Não há código pendente para este número. Peça um novo código.',
  whatsapp_code_on_its_way: 'O código ainda está a caminho. Aguarde a mensagem no WhatsApp e tente de novo.',
  whatsapp_code_too_soon: 'Aguarde um minuto para pedir outro código.',
  whatsapp_number_missing: 'Ative as notificações por WhatsApp e salve o seu número antes de confirmá-lo.',
  whatsapp_already_confirmed: 'Este número de WhatsApp já está confirmado.',
  internal: 'Ocorreu um erro inesperado',
} as const;

export type DomainErrorCode = keyof typeof errorMessages;

export interface DomainErrorDetails {
  /** Name of the form field the error belongs to, when there is one. */
  field?: string;
  [key: string]: unknown;
}

/** The one error class of the domain: a code from the closed set, its pt-BR message, details. */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly details: DomainErrorDetails;

  constructor(code: DomainErrorCode, details: DomainErrorDetails = {}, message?: string) {
    super(message ?? errorMessages[code]);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }
}

/** Shape of every error body the API sends (apiErrorSchema). */
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
