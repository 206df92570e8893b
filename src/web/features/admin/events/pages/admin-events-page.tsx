import { useCallback, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CalendarPlus, CalendarX, MapPin, Pencil, Plus } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminEventSummary } from '../../../../../shared/schemas/admin-events';
import { formatCentavos } from '../../../../../shared/money';
import { formatEventDateShort, formatEventTime } from '../../../../../shared/dates';
import { Button } from '../../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ListSkeleton } from '../../components/list-skeleton';
import { PageHeader } from '../../components/page-header';
import { SearchField } from '../../../../components/search-field';
import { useAdminEvents } from '../api/list-admin-events';
import { EventStatusBadges } from '../components/event-status-badge';
import { EventLifeActions, type EventLifeTarget } from '../components/event-life-actions';

function EventThumb({ event }: { event: AdminEventSummary }) {
  return event.imageUrl ? (
    <img src={event.imageUrl} alt="" width={64} height={40} loading="lazy" className="h-10 w-16 shrink-0 rounded-md bg-surface object-cover" />
  ) : (
    <span aria-hidden className="inline-flex h-10 w-16 shrink-0 items-center justify-center rounded-md bg-surface font-bold text-muted">
      {event.title.charAt(0).toUpperCase()}
    </span>
  );
}

function EditLink({ event, compact = false }: { event: AdminEventSummary; compact?: boolean }) {
  return (
    <Button asChild variant="outline" size="sm" className={compact ? 'w-9 px-0' : undefined}>
      <Link to={`/admin/events/${event.id}/edit`} aria-label={`Editar ${event.title}`} title={compact ? 'Editar' : undefined}>
        <Pencil aria-hidden className="size-4" />
        {compact ? null : 'Editar'}
      </Link>
    </Button>
  );
}

/**
 * What the list knows for 'Cancelar evento' / 'Excluir evento'. The order count, when the list
 * answer carries it, lets an event without orders be deleted from here; otherwise from its page.
 */
function lifeTarget(event: AdminEventSummary): EventLifeTarget {
  const orderCount = (event as AdminEventSummary & { orderCount?: number }).orderCount;
  return { ...event, orderCount: typeof orderCount === 'number' ? orderCount : null };
}

function RowActions({ event }: { event: AdminEventSummary }) {
  return (
    <span className="inline-flex justify-end gap-2">
      <EditLink event={event} compact />
      <EventLifeActions event={lifeTarget(event)} afterDelete={null} compact />
    </span>
  );
}

const when = (event: AdminEventSummary) => `${formatEventDateShort(event.date)} às ${formatEventTime(event.startTime)}`;

const columns: DataTableColumn<AdminEventSummary>[] = [
  {
    key: 'event',
    header: 'Evento',
    className: 'min-w-[15rem]',
    cell: (event) => (
      <span className="flex items-center gap-3">
        <EventThumb event={event} />
        <span className="min-w-0">
          <span className="block font-semibold">{event.title}</span>
          <span className="block text-xs text-muted">{event.category}</span>
        </span>
      </span>
    ),
  },
  {
    key: 'date',
    header: 'Data',
    cell: (event) => (
      <span className="whitespace-nowrap">
        {formatEventDateShort(event.date)}
        <span className="block text-xs text-muted">{formatEventTime(event.startTime)}</span>
      </span>
    ),
  },
  { key: 'location', header: 'Local', cell: (event) => event.location },
  {
    key: 'status',
    header: 'Status',
    cell: (event) => <EventStatusBadges status={event.status} isPublished={event.isPublished} cancelledAt={event.cancelledAt} />,
  },
  { key: 'sold', header: 'Vendidos', className: 'text-right', cell: (event) => event.ticketsSold.toLocaleString('pt-BR') },
  {
    key: 'revenue',
    header: 'Receita',
    className: 'text-right',
    cell: (event) => <span className="whitespace-nowrap">{formatCentavos(event.revenueCentavos)}</span>,
  },
  { key: 'actions', header: 'Ações', className: 'text-right', cell: (event) => <RowActions event={event} /> },
];

function EventCard({ event }: { event: AdminEventSummary }) {
  return (
    <div className="space-y-3">
      <div className="flex items-start gap-3">
        <EventThumb event={event} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold leading-snug">{event.title}</p>
          <p className="text-sm text-muted">{when(event)}</p>
        </div>
      </div>
      <p className="flex items-start gap-1.5 text-sm text-muted">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
        {event.location}
      </p>
      <EventStatusBadges status={event.status} isPublished={event.isPublished} cancelledAt={event.cancelledAt} />
      <dl className="grid grid-cols-2 gap-2 rounded-xl bg-surface p-3 text-sm">
        <div>
          <dt className="text-muted">Vendidos</dt>
          <dd className="font-semibold">{event.ticketsSold.toLocaleString('pt-BR')}</dd>
        </div>
        <div>
          <dt className="text-muted">Receita</dt>
          <dd className="font-semibold">{formatCentavos(event.revenueCentavos)}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <EditLink event={event} />
        <EventLifeActions event={lifeTarget(event)} afterDelete={null} />
      </div>
    </div>
  );
}

/** /admin/events (SPEC.md section 2): search by title or location; a table on desktop, cards on phones. */
export function AdminEventsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const { data, isPending, isError, refetch } = useAdminEvents(q);

  const setQuery = useCallback(
    (next: string) =>
      setSearchParams(
        (params) => {
          if (next) params.set('q', next);
          else params.delete('q');
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar eventos');
  }, [isError]);

  const events = data?.events ?? [];

  return (
    <>
      <PageHeader
        title="Eventos"
        description="Crie, edite e acompanhe as vendas dos eventos."
        actions={
          <Button asChild>
            <Link to="/admin/events/new">
              <Plus aria-hidden className="size-5" />
              Novo evento
            </Link>
          </Button>
        }
      />
      <div className="mb-4 max-w-md">
        <SearchField value={q} onChange={setQuery} label="Buscar por título ou local" />
      </div>
      {isPending ? (
        <ListSkeleton count={5} />
      ) : isError && !data ? (
        <EmptyState
          icon={CalendarX}
          title="Erro ao carregar eventos"
          action={
            <Button variant="outline" onClick={() => void refetch()}>
              Tentar novamente
            </Button>
          }
        />
      ) : events.length === 0 ? (
        q ? (
          <EmptyState icon={CalendarX} title="Nenhum evento encontrado" description={`Nenhum evento com "${q}" no título ou no local.`} />
        ) : (
          <EmptyState
            icon={CalendarPlus}
            title="Nenhum evento cadastrado"
            description="Crie o primeiro evento e seus tipos de ingresso."
            action={
              <Button asChild>
                <Link to="/admin/events/new">Novo evento</Link>
              </Button>
            }
          />
        )
      ) : (
        <>
          <p className="mb-3 text-sm text-muted" aria-live="polite">
            {events.length === 1 ? '1 evento' : `${events.length} eventos`}
          </p>
          <DataTable caption="Lista de eventos" columns={columns} rows={events} rowKey={(event) => event.id} renderCard={(event) => <EventCard event={event} />} />
        </>
      )}
    </>
  );
}
