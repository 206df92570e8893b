/**
 * Every action the audit trail records ('Histórico', docs/rules/audit.md), with the words the
 * back office shows for it. The server writes the code; the screens and the CSV read the label.
 */
export const auditActionLabels = {
  'event.created': 'Evento criado',
  'event.updated': 'Evento editado',
  'event.cancelled': 'Evento cancelado',
  'event.deleted': 'Evento excluído',
  'sectors.saved': 'Setores e lotes alterados',
  'sessions.saved': 'Sessões alteradas',
  'ticket_type.deleted': 'Setor excluído',
  'coupon.created': 'Cupom criado',
  'coupon.updated': 'Cupom alterado',
  'coupon.deleted': 'Cupom excluído',
  'courtesy.issued': 'Cortesias emitidas',
  'courtesy_quota.set': 'Cota de cortesias alterada',
  'waiting_room.configured': 'Sala de espera configurada',
  'staff.granted': 'Função concedida',
  'staff.revoked': 'Função revogada',
  'refund.approved': 'Reembolso aprovado',
  'refund.rejected': 'Reembolso recusado',
  'refund.requested': 'Reembolso solicitado',
  'refund.withdrawal': 'Desistência (7 dias)',
  'refund.paid': 'Reembolso pago',
  'order.paid': 'Pedido pago',
  'order.cancelled': 'Compra cancelada',
  'drawer.opened': 'Caixa aberto',
  'drawer.movement': 'Movimento de caixa',
  'drawer.closed': 'Caixa fechado',
  'box_office.sale': 'Venda na bilheteria',
  'box_office.refund': 'Estorno na bilheteria',
  'block.reserved': 'Bloco reservado',
  'block.returned': 'Bloco devolvido',
  'door_sector.saved': 'Preço e cota da bilheteria alterados',
  'door.manual_admission': 'Entrada liberada manualmente',
  'guest.admitted': 'Nome da lista liberado',
  'guest_list.created': 'Lista criada',
  'guest.added': 'Nome adicionado à lista',
  'guest.removed': 'Nome removido da lista',
  'ticket.transferred': 'Ingresso transferido',
  'ticket.holder_changed': 'Titular alterado',
  'brand.updated': 'Marca editada',
  'content.changed': 'Conteúdo alterado',
} as const;

export type AuditAction = keyof typeof auditActionLabels;

/** The codes, for zod enums. */
export const auditActions = Object.keys(auditActionLabels) as [AuditAction, ...AuditAction[]];
