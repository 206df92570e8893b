import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditHolderInput, TicketHolder } from '../../../../shared/schemas/transfers';
import { api } from '../../../lib/api';
import { ticketKeys } from './keys';

/** PUT /api/tickets/:id/holder: 'Editar titular' (name, and CPF where asked). */
export function editHolder({ ticketId, ...body }: EditHolderInput & { ticketId: string }): Promise<TicketHolder> {
  return api(`/api/tickets/${encodeURIComponent(ticketId)}/holder`, { method: 'PUT', body });
}

export function useEditHolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editHolder,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
