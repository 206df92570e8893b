import { useState } from 'react';
import { toast } from 'sonner';
import { Send, UserPen } from 'lucide-react';
import type { TicketPeople } from '../../../../shared/schemas/transfers';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCancelTransfer } from '../api/cancel-transfer';
import { HolderDialog } from './holder-dialog';
import { TransferDialog } from './transfer-dialog';

/**
 * Under a ticket card: 'Editar titular' and 'Transferir ingresso' while the server allows them
 * (or why transfer is closed), the transfer waiting for its recipient with 'Cancelar
 * transferência', and who sent the ticket when it came by transfer.
 */
export function TicketPeopleActions({ people }: { people: TicketPeople }) {
  const [dialog, setDialog] = useState<'holder' | 'transfer' | 'cancel' | null>(null);
  const cancel = useCancelTransfer();
  const pending = people.pendingTransfer;

  return (
    <div className="mt-3 space-y-2">
      {people.receivedFrom ? <p className="text-xs text-muted">Recebido por transferência de {people.receivedFrom}</p> : null}
      {pending ? (
        <div role="status" className="rounded-xl border border-amber-500/40 bg-amber-500/10 px-3 py-2.5 text-sm">
          <p className="font-medium text-amber-900 dark:text-amber-200">Transferência aguardando aceite</p>
          <p className="[overflow-wrap:anywhere]">
            Para {pending.toName} ({pending.toEmail})
          </p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => setDialog('cancel')} disabled={cancel.isPending}>
            Cancelar transferência
          </Button>
        </div>
      ) : null}
      {people.canEditHolder || people.canTransfer ? (
        <div className="flex flex-wrap gap-2">
          {people.canEditHolder ? (
            <Button variant="outline" size="sm" className="grow" onClick={() => setDialog('holder')}>
              <UserPen className="size-4" aria-hidden /> Editar titular
            </Button>
          ) : null}
          {people.canTransfer ? (
            <Button variant="outline" size="sm" className="grow" onClick={() => setDialog('transfer')}>
              <Send className="size-4" aria-hidden /> Transferir ingresso
            </Button>
          ) : null}
        </div>
      ) : null}
      {people.transferNote ? <p className="text-xs text-muted">{people.transferNote}</p> : null}

      {dialog === 'holder' ? <HolderDialog open onOpenChange={(open) => setDialog(open ? 'holder' : null)} people={people} /> : null}
      {dialog === 'transfer' ? <TransferDialog open onOpenChange={(open) => setDialog(open ? 'transfer' : null)} people={people} /> : null}
      {pending ? (
        <ConfirmDialog
          open={dialog === 'cancel'}
          onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
          title="Cancelar transferência?"
          description={`O link enviado para ${pending.toEmail} deixa de valer e o ingresso continua seu.`}
          confirmLabel="Cancelar transferência"
          cancelLabel="Voltar"
          isPending={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(pending.id, {
              onSuccess: () => toast.success('Transferência cancelada. O ingresso continua seu.'),
              onError: (error) => toast.error(error.message),
              onSettled: () => setDialog(null),
            })
          }
        />
      ) : null}
    </div>
  );
}
