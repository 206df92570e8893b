import { useEffect, useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Ban, ExternalLink, IdCard, ReceiptText, UsersRound } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminEventDetail } from '../../../../../shared/schemas/admin-events';
import { Button } from '../../../../components/ui/button';
import { Skeleton } from '../../../../components/ui/skeleton';
import { ApiError } from '../../../../lib/api';
import { PageHeader } from '../../components/page-header';
import { useAdminEvent } from '../api/get-admin-event';
import { useDeleteSector } from '../api/delete-sector';
import { useUpdateEvent } from '../api/update-event';
import { AdminEventNotFound } from '../components/admin-event-not-found';
import { BuyersSection } from '../components/buyers-section';
import { CourtesiesSection } from '../components/courtesies-section';
import { CourtesyQuotasSection } from '../components/courtesy-quotas-section';
import { EventForm } from '../components/event-form';
import { EventLifeActions } from '../components/event-life-actions';
import { EventStatusBadges } from '../components/event-status-badge';
import { SalesSummarySection } from '../components/sales-summary-section';
import { formatInstant } from '../../../../../shared/dates';
import { eventToFormValues, hasSales, savedSectorsOf } from '../lib/event-form-values';

function EditEventForm({ event }: { event: AdminEventDetail }) {
  const update = useUpdateEvent();
  const removeSector = useDeleteSector();
  const navigate = useNavigate();
  // The form keeps its own state; it starts from the event as first loaded.
  const defaults = useMemo(() => eventToFormValues(event), [event.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const saved = useMemo(() => savedSectorsOf(event), [event]);

  return (
    <EventForm
      defaultValues={defaults}
      submitLabel="Salvar alterações"
      savedSectors={saved}
      isFeeLocked={hasSales(event)}
      onRemoveSavedSector={async (sectorId) => {
        try {
          await removeSector.mutateAsync({ eventId: event.id, sectorId });
        } catch (error) {
          toast.error('Não foi possível remover o setor.', { description: (error as Error).message });
          throw error;
        }
        toast.success('Setor removido com sucesso!');
      }}
      onSubmit={async (input) => {
        try {
          await update.mutateAsync({ id: event.id, input });
        } catch (error) {
          toast.error('Não foi possível atualizar o evento.', { description: (error as Error).message });
          throw error;
        }
        toast.success('Evento e ingressos atualizados com sucesso!');
        navigate('/admin/events');
      }}
    />
  );
}

/** /admin/events/:id/edit (docs/rules/events.md 'Creating and editing events'): the form, then the buyers. */
export function EditEventPage({ moreSections }: { moreSections?(eventId: string): ReactNode }) {
  const { id = '' } = useParams();
  const { data: event, isPending, isError, error, refetch } = useAdminEvent(id);
  const isMissing = error instanceof ApiError && error.status === 404;

  useEffect(() => {
    if (isError && !isMissing) toast.error('Não foi possível carregar os dados do evento.');
  }, [isError, isMissing]);

  if (isMissing) return <AdminEventNotFound />;
  if (isPending) {
    return (
      <div role="status" aria-label="Carregando evento" className="space-y-4">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-72" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (!event) {
    return (
      <div className="py-16 text-center">
        <title>Editar evento - Painel Admin</title>
        <h1 className="text-xl font-bold">Não foi possível carregar os dados do evento.</h1>
        <Button variant="outline" className="mt-4" onClick={() => void refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Editar evento"
        documentTitle={`Editar ${event.title} - Painel Admin`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="font-medium text-fg">{event.title}</span>
            <EventStatusBadges status={event.status} isPublished={event.isPublished} cancelledAt={event.cancelledAt} />
          </span>
        }
        back={{ to: '/admin/events', label: 'Voltar para eventos' }}
        actions={
          <>
            {event.isPublished ? (
              <Button asChild variant="outline" size="sm">
                <Link to={`/event/${event.id}`} target="_blank" rel="noopener">
                  <ExternalLink aria-hidden className="size-4" />
                  Ver no site
                  <span className="sr-only">(abre em nova aba)</span>
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="outline" size="sm">
              <Link to={`/admin/events/${event.id}/attendees`}>
                <UsersRound aria-hidden className="size-4" />
                Participantes
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={`/admin/events/${event.id}/cpf-sales`}>
                <IdCard aria-hidden className="size-4" />
                Vendas por CPF
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={`/admin/events/${event.id}/bordero`}>
                <ReceiptText aria-hidden className="size-4" />
                Borderô
              </Link>
            </Button>
            <EventLifeActions event={event} />
          </>
        }
      />
      {event.cancelledAt ? (
        <section aria-labelledby="event-cancelled-title" className="mb-6 flex gap-3 rounded-2xl border border-danger/40 bg-danger/10 p-4">
          <Ban aria-hidden className="mt-0.5 size-5 shrink-0 text-danger" />
          <div>
            <h2 id="event-cancelled-title" className="font-bold">
              Evento cancelado
            </h2>
            <p className="text-sm">Cancelado em {formatInstant(event.cancelledAt)}.</p>
            <p className="mt-1 text-sm text-muted">
              As vendas estão encerradas, os pedidos pagos são reembolsados pela mesma forma de pagamento e os compradores foram avisados.
            </p>
          </div>
        </section>
      ) : null}
      <SalesSummarySection event={event} />
      <EditEventForm key={event.id} event={event} />
      <CourtesiesSection eventId={event.id} sectors={event.sectors} />
      <CourtesyQuotasSection eventId={event.id} />
      {moreSections?.(event.id)}
      <BuyersSection eventId={event.id} />
    </>
  );
}
