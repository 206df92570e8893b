/** Query keys of the back office's sales per CPF (one factory, docs/conventions.md 'Web'). */
export const cpfSalesKeys = {
  all: ['admin', 'cpf-sales'] as const,
  event: (eventId: string) => [...cpfSalesKeys.all, eventId] as const,
};
