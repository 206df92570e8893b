import { useCallback, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CalendarPlus, CalendarX, MapPin, Pencil } from 'lucide-react';
import { toast } from 'sonner';
import {
  adminEventFilters,
  adminEventSorts,
  type AdminEventSort,
  type AdminEventSummary,
  type ListAdminEventsQuery,
} from '../../../../../shared/schemas/admin-events';
import { brandSlugs, type BrandSlug } from '../../../../../shared/schemas/events';
import { categoryLabel } from '../../../../../shared/schemas/admin-events';
import { plural } from '../../../../../shared/plural';
import { adminEventStateLabel } from '../../../../../shared/event-state';
import { formatCentavos } from '../../../../../shared/money';
import { formatEventDateShort, formatEventTime } from '../../../../../shared/dates';
import { Button } from '../../../../components/ui/button';
import { NewEventButton } from '../../components/new-event-button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../../../components/empty-state';
import { LoadError } from '../../../../components/load-error';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { PageHeader } from '../../components/page-header';
import { Select } from '../../components/form-field';
import { Label } from '../../../../components/ui/input';
import { brandStyles } from '../../../../lib/brand';
import { cn } from '../../../../lib/cn';
import { SearchField } from '../../../../components/search-field';
import { useAdminEvents } from '../api/list-admin-events';
import { EventStatusBadges } from '../components/event-status-badge';
import { EventLifeActions, type EventLifeTarget } from '../components/event-life-actions';

function EventThumb({ event }: { event: AdminEventSummary }) {
  return event.imageUrl ? (
    <img
      src={event.imageUrl}
      alt=""
      width={64}
      height={40}
      loading="lazy"
      className="h-10 w-16 shrink-0 rounded-md bg-surface object-cover"
    />
  ) : (
    <span aria-hidden className="inline-flex h-10 w-16 shrink-0 items-center justify-center rounded-md bg-surface font-bold text-muted">
      {event.title.charAt(0).toUpperCase()}
    </span>
  );
}

/** The event's title, opening its page in the back office (its data, sectors, sessions, courtesies). */
function EventTitleLink({ event, className }: { event: AdminEventSummary; className?: string }) {
  return (
    <Link
      to={`/admin/events/${event.id}/edit`}
      className={cn('font-semibold text-fg underline-offset-2 hover:underline focus-visible:underline', className)}
    >
      {event.title}
    </Link>
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

/** '118 de 120', with 'Esgotado' once nothing is left of what was offered. */
function Sold({ event }: { event: AdminEventSummary }) {
  const sold = event.ticketsSold.toLocaleString('pt-BR');
  return (
    <span className="whitespace-nowrap">
      {event.ticketsOffered > 0 ? `${sold} de ${event.ticketsOffered.toLocaleString('pt-BR')}` : sold}
      {event.isSoldOut ? <span className="block text-xs font-semibold text-amber-800 dark:text-amber-300">Esgotado</span> : null}
    </span>
  );
}

const sortLabels: Record<AdminEventSort, string> = {
  created: 'Criados por último',
  date: 'Data mais próxima',
  '-date': 'Data mais distante',
};

/**
 * The event's 'Líquido' (vendas brutas - reembolsos - taxas absorvidas, docs/rules/money.md 'The
 * figures'), with the refunds it already left out when there were any.
 */
function NetCell({ event }: { event: AdminEventSummary }) {
  const { netCentavos, refundsCentavos } = event.money;
  return (
    <span className="whitespace-nowrap">
      {formatCentavos(netCentavos)}
      {refundsCentavos > 0 ? (
        <span className="block text-xs font-normal text-muted">Reembolsos {formatCentavos(refundsCentavos)}</span>
      ) : null}
    </span>
  );
}

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
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
          <EventTitleLink event={event} className="block" />
          <span className="block text-xs text-muted">{categoryLabel(event.category)}</span>
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
  { key: 'sold', header: 'Vendidos', className: 'text-right', cell: (event) => <Sold event={event} /> },
  {
    key: 'gross',
    header: 'Vendas brutas',
    className: 'text-right',
    cell: (event) => <span className="whitespace-nowrap">{formatCentavos(event.money.grossCentavos)}</span>,
  },
  {
    key: 'net',
    header: 'Líquido',
    className: 'text-right',
    cell: (event) => <NetCell event={event} />,
  },
  { key: 'actions', header: 'Ações', className: 'text-right', cell: (event) => <RowActions event={event} /> },
];

function EventCard({ event }: { event: AdminEventSummary }) {
  return (
    <div className="space-y-3">
      <div className="flex items-start gap-3">
        <EventThumb event={event} />
        <div className="min-w-0 flex-1">
          <EventTitleLink event={event} className="block leading-snug" />
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
          <dd className="font-semibold">
            <Sold event={event} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">Vendas brutas</dt>
          <dd className="font-semibold">{formatCentavos(event.money.grossCentavos)}</dd>
        </div>
        <div>
          <dt className="text-muted">Líquido</dt>
          <dd className="font-semibold">
            <NetCell event={event} />
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <EditLink event={event} />
        <EventLifeActions event={lifeTarget(event)} afterDelete={null} />
      </div>
    </div>
  );
}

/**
 * /admin/events (docs/screens.md 'Admin area'): search by title or location, filters by brand and state, order
 * by creation or by the event's date (all kept in the address); a table on desktop, cards on phones.
 */
export function AdminEventsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const brand = pick<BrandSlug>(searchParams.get('marca'), brandSlugs);
  const status = pick(searchParams.get('situacao'), adminEventFilters);
  const sort = pick(searchParams.get('ordem'), adminEventSorts);
  const query: ListAdminEventsQuery = { q: q || undefined, brand, status, sort };
  const { data, isPending, isError, refetch } = useAdminEvents(query);
  const isFiltered = Boolean(q || brand || status);

  const setParam = useCallback(
    (name: string, next: string) =>
      setSearchParams(
        () => {
          // From the address as it is now: two filters changed in a row both stay.
          const params = new URLSearchParams(window.location.search);
          if (next) params.set(name, next);
          else params.delete(name);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const setQuery = useCallback((next: string) => setParam('q', next), [setParam]);

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar eventos');
  }, [isError]);

  const events = data?.events ?? [];

  return (
    <>
      <PageHeader title="Eventos" description="Crie, edite e acompanhe as vendas dos eventos." actions={<NewEventButton />} />
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(11rem,auto)_minmax(11rem,auto)_minmax(13rem,auto)] lg:items-end">
        <div className="sm:col-span-2 lg:col-span-1">
          <SearchField value={q} onChange={setQuery} label="Buscar por título ou local" />
        </div>
        <div className="min-w-0">
          <Label htmlFor="events-brand">Marca</Label>
          <Select id="events-brand" value={brand ?? ''} onChange={(event) => setParam('marca', event.target.value)}>
            <option value="">Todas as marcas</option>
            {brandSlugs.map((slug) => (
              <option key={slug} value={slug}>
                {brandStyles[slug].name}
              </option>
            ))}
          </Select>
        </div>
        <div className="min-w-0">
          <Label htmlFor="events-status">Situação</Label>
          <Select id="events-status" value={status ?? ''} onChange={(event) => setParam('situacao', event.target.value)}>
            <option value="">Todas</option>
            {adminEventFilters.map((filter) => (
              <option key={filter} value={filter}>
                {adminEventStateLabel[filter]}
              </option>
            ))}
          </Select>
        </div>
        <div className="min-w-0">
          <Label htmlFor="events-sort">Ordenar por</Label>
          <Select
            id="events-sort"
            value={sort ?? 'created'}
            onChange={(event) => setParam('ordem', event.target.value === 'created' ? '' : event.target.value)}
          >
            {adminEventSorts.map((option) => (
              <option key={option} value={option}>
                {sortLabels[option]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {isPending ? (
        <ListSkeleton count={5} />
      ) : isError && !data ? (
        <LoadError icon={CalendarX} title="Erro ao carregar eventos" onRetry={() => void refetch()} />
      ) : events.length === 0 ? (
        isFiltered ? (
          <EmptyState
            icon={CalendarX}
            title="Nenhum evento encontrado"
            description={q ? `Nenhum evento com “${q}” no título ou no local com esses filtros.` : 'Nenhum evento com esses filtros.'}
          />
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
            {plural(events.length, 'evento', 'eventos')}
          </p>
          <DataTable
            caption="Lista de eventos"
            columns={columns}
            rows={events}
            rowKey={(event) => event.id}
            renderCard={(event) => <EventCard event={event} />}
          />
        </>
      )}
    </>
  );
}
