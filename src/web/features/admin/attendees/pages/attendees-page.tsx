import { useDeferredValue, useState } from 'react';
import { useParams } from 'react-router';
import { AlertTriangle, Download, FileDown, UsersRound, UserX } from 'lucide-react';
import type { AdminEventDetail, EventAttendee } from '../../../../../shared/schemas/admin-events';
import { formatInstant } from '../../../../../shared/dates';
import { Badge } from '../../../../components/ui/badge';
import { LabeledSearchInput } from '../../../../components/labeled-search-input';
import { AdminQueryList } from '../../components/admin-list-page';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DownloadButton } from '../../components/download-button';
import { EventReportHeader } from '../../components/event-report-header';
import { useEventCounts } from '../api/get-event-counts';
import { attendeesCsvUrl, checkInsCsvUrl, useAttendees } from '../api/list-attendees';

const shortOrder = (orderId: string) => orderId.slice(0, 8).toUpperCase();

function StatusBadge({ attendee }: { attendee: EventAttendee }) {
  switch (attendee.status) {
    case 'used':
      return (
        <span className="flex flex-col items-start gap-0.5">
          <Badge tone="success" className="whitespace-nowrap">
            Entrou
          </Badge>
          {attendee.checkedInAt ? (
            <span className="text-xs text-muted">
              {formatInstant(attendee.checkedInAt)}
              {attendee.gate ? ` · ${attendee.gate}` : ''}
            </span>
          ) : null}
        </span>
      );
    case 'refunded':
      return (
        <Badge tone="warning" className="whitespace-nowrap">
          Reembolsado
        </Badge>
      );
    case 'cancelled':
      return (
        <Badge tone="danger" className="whitespace-nowrap">
          Cancelado
        </Badge>
      );
    default:
      return <Badge className="whitespace-nowrap">Não entrou</Badge>;
  }
}

function LiveCounts({ eventId }: { eventId: string }) {
  const { data } = useEventCounts(eventId);
  const percent = data && data.sold > 0 ? Math.round((data.entries * 100) / data.sold) : 0;
  return (
    <section aria-labelledby="live-counts-title" className="mb-4 rounded-2xl border border-border bg-card p-4">
      <h2 id="live-counts-title" className="flex items-center gap-2 text-sm font-semibold text-muted">
        <span aria-hidden className="size-2 animate-pulse rounded-full bg-success" />
        Entradas ao vivo
      </h2>
      <p className="mt-1 text-3xl font-black tabular-nums" aria-live="polite" data-testid="live-counts">
        {data ? `${data.entries} / ${data.sold}` : '— / —'}
        <span className="ml-2 text-base font-medium text-muted">
          {data && data.sold > 0 ? `entradas / vendidos (${percent}%)` : 'entradas / vendidos'}
        </span>
      </p>
    </section>
  );
}

/** /admin/events/:id/attendees: every ticket of the event, its holder and entry, search and CSV exports. */
export function AttendeesPage({ event }: { event?: Pick<AdminEventDetail, 'title' | 'date' | 'startTime'> }) {
  const { id = '' } = useParams();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const attendeesQuery = useAttendees(id, query);
  const { data } = attendeesQuery;

  const columns: DataTableColumn<EventAttendee>[] = [
    {
      key: 'holder',
      header: 'Titular',
      cell: (a) => (
        <span>
          <span className="block font-semibold">{a.holderName ?? a.buyerName}</span>
          <TransferNote attendee={a} />
        </span>
      ),
    },
    { key: 'type', header: 'Tipo', cell: (a) => a.sectorName },
    { key: 'order', header: 'Pedido', cell: (a) => <span className="font-mono">{shortOrder(a.orderId)}</span> },
    {
      key: 'buyer',
      header: 'Comprador',
      cell: (a) => (
        <span>
          <span className="block">{a.buyerName}</span>
          <span className="block text-xs break-all text-muted">{a.buyerEmail}</span>
        </span>
      ),
    },
    { key: 'status', header: 'Situação', cell: (a) => <StatusBadge attendee={a} /> },
  ];

  return (
    <>
      <EventReportHeader
        title="Participantes"
        eventId={id}
        event={event}
        actions={
          <>
            <DownloadButton href={attendeesCsvUrl(id)} icon={Download}>
              Exportar CSV
            </DownloadButton>
            <DownloadButton href={checkInsCsvUrl(id)} icon={FileDown}>
              Exportar validações
            </DownloadButton>
          </>
        }
      />
      <LiveCounts eventId={id} />
      {data && data.conflicts > 0 ? (
        <p role="status" className="mb-4 flex items-start gap-2 rounded-2xl border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" />
          <span>
            <span className="font-semibold">Conflitos: {data.conflicts}</span> · ingressos aceitos sem internet por mais de um aparelho.
            Veja em &lsquo;Exportar validações&rsquo;.
          </span>
        </p>
      ) : null}
      <LabeledSearchInput
        id="attendee-search"
        label="Buscar"
        value={search}
        onChange={setSearch}
        placeholder="Nome, e-mail ou pedido"
        className="mb-4 max-w-md"
      />
      <AdminQueryList
        query={attendeesQuery}
        items={(list) => list.attendees}
        loadError="Erro ao carregar participantes"
        errorIcon={UserX}
        skeleton={{ count: 5 }}
        empty={{
          icon: UsersRound,
          title: query ? 'Nenhum participante encontrado' : 'Nenhum ingresso vendido ainda',
          description: query ? 'Tente outro nome, e-mail ou número de pedido.' : undefined,
        }}
        counted={(count) => (count === 1 ? '1 ingresso' : `${count} ingressos`)}
      >
        {(attendees) => (
          <DataTable
            caption="Participantes do evento"
            columns={columns}
            rows={attendees}
            rowKey={(a) => a.ticketId}
            renderCard={(a) => (
              <div className="space-y-2">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold [overflow-wrap:anywhere]">{a.holderName ?? a.buyerName}</p>
                    <TransferNote attendee={a} />
                    <p className="text-sm text-muted">{a.sectorName}</p>
                  </div>
                  <StatusBadge attendee={a} />
                </div>
                <dl className="grid grid-cols-2 gap-3 rounded-xl bg-surface p-3 text-sm">
                  <div>
                    <dt className="text-muted">Pedido</dt>
                    <dd className="font-mono">{shortOrder(a.orderId)}</dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-muted">Comprador</dt>
                    <dd>
                      <span className="block">{a.buyerName}</span>
                      <span className="block text-xs break-all text-muted">{a.buyerEmail}</span>
                    </dd>
                  </div>
                </dl>
              </div>
            )}
          />
        )}
      </AdminQueryList>
    </>
  );
}

/** 'Transferido de Joana Dias em 14/03' under a ticket that changed hands; nothing otherwise. */
function TransferNote({ attendee }: { attendee: EventAttendee }) {
  if (!attendee.transferredFrom) return null;
  return (
    <span className="block text-xs text-muted [overflow-wrap:anywhere]">
      Transferido de {attendee.transferredFrom.name} em {formatInstant(attendee.transferredFrom.at).slice(0, 5)}
    </span>
  );
}
