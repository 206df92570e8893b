import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Ban, Trash2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { ApiError } from '../../../../lib/api';
import type { AdminEventStatus } from '../../../../../shared/schemas/admin-events';
import { useDeleteEvent } from '../api/delete-event';
import { CancelEventDialog } from './cancel-event-dialog';

export interface EventLifeTarget {
  id: string;
  title: string;
  status: AdminEventStatus;
  cancelledAt: string | null;
  /** Orders of any status; null when not known (then 'Excluir evento' is not offered). */
  orderCount: number | null;
}

/**
 * 'Cancelar evento' for an event still ahead and not cancelled, 'Excluir evento' only for one
 * without any order (an event with orders is cancelled instead, so its buyers are refunded).
 */
export function EventLifeActions({
  event,
  compact = false,
  afterDelete = '/admin/events',
}: {
  event: EventLifeTarget;
  /** Icon buttons (named for screen readers and on hover), for the list's table rows. */
  compact?: boolean;
  /** Where to go once deleted; null to stay (the list). */
  afterDelete?: string | null;
}) {
  const [isCancelOpen, setCancelOpen] = useState(false);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const remove = useDeleteEvent();
  const navigate = useNavigate();
  const canCancel = event.cancelledAt === null && event.status === 'active';
  const canDelete = event.orderCount === 0;
  if (!canCancel && !canDelete) return null;

  return (
    <>
      {canCancel ? (
        <Button
          variant="outline"
          size="sm"
          className={compact ? 'w-9 px-0' : undefined}
          onClick={() => setCancelOpen(true)}
          aria-label={`Cancelar evento ${event.title}`}
          title={compact ? 'Cancelar evento' : undefined}
        >
          <Ban aria-hidden className="size-4 text-danger" />
          {compact ? null : 'Cancelar evento'}
        </Button>
      ) : null}
      {canDelete ? (
        <Button
          variant="outline"
          size="sm"
          className={compact ? 'w-9 px-0' : undefined}
          onClick={() => setDeleteOpen(true)}
          aria-label={`Excluir evento ${event.title}`}
          title={compact ? 'Excluir evento' : undefined}
        >
          <Trash2 aria-hidden className="size-4 text-danger" />
          {compact ? null : 'Excluir evento'}
        </Button>
      ) : null}
      {canCancel ? <CancelEventDialog event={event} open={isCancelOpen} onOpenChange={setCancelOpen} /> : null}
      <ConfirmDialog
        open={isDeleteOpen}
        onOpenChange={setDeleteOpen}
        title="Excluir este evento?"
        description={`“${event.title}” e seus tipos de ingresso serão apagados. O evento ainda não tem pedidos. Não é possível desfazer.`}
        confirmLabel="Excluir evento"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(event.id, {
            onSuccess: () => {
              toast.success('Evento excluído com sucesso!');
              setDeleteOpen(false);
              if (afterDelete) navigate(afterDelete);
            },
            onError: (error) => {
              toast.error('Não foi possível excluir o evento.', {
                description: error instanceof ApiError ? error.message : undefined,
              });
              setDeleteOpen(false);
            },
          })
        }
      />
    </>
  );
}
