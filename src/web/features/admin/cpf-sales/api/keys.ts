/** Query keys of the back office's sales per CPF (one factory, STYLE.md section 7). */
export const cpfSalesKeys = {
  all: ['admin', 'cpf-sales'] as const,
  event: (eventId: string) => [...cpfSalesKeys.all, eventId] as const,
};
