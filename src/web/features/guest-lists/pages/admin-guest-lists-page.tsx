import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Link2, ListChecks } from 'lucide-react';
import { formatEventDateShort } from '../../../../shared/dates';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { copyText } from '../../../lib/clipboard';
import { useAdminEventForLists, useAdminEventsForLists } from '../api/admin-events';
import { useEventGuestLists } from '../api/event-guest-lists';
import { CreateGuestListForm } from '../components/create-guest-list-form';
import { admittedLine, guestListLinkOf } from '../components/guest-list-card';
import { GuestSelect } from '../components/guest-select';

/** The back office's 'Listas amigas': pick an event, see its lists with their counts, create one. */
export function AdminGuestListsPage() {
  const [params, setParams] = useSearchParams();
  const eventId = params.get('evento');
  const events = useAdminEventsForLists();
  const event = useAdminEventForLists(eventId);
  const lists = useEventGuestLists(eventId);

  return (
    <div className="space-y-6">
      <title>Listas amigas - Admin</title>
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <ListChecks className="size-7 text-accent" aria-hidden /> Listas amigas
        </h1>
        <p className="text-muted">Listas de convidados por evento, com responsável, limite de nomes e regra de entrada.</p>
      </div>
      <div className="max-w-md">
        <Label htmlFor="gl-event">Evento</Label>
        <GuestSelect id="gl-event" value={eventId ?? ''} onChange={(e) => setParams(e.target.value ? { evento: e.target.value } : {})}>
          <option value="">Escolha um evento</option>
          {/* An event already over, opened by its address: its lists stay readable. */}
          {event.data && events.data && !events.data.events.some((item) => item.id === event.data.id) ? (
            <option value={event.data.id}>
              {event.data.title} · {formatEventDateShort(event.data.date)}
            </option>
          ) : null}
          {events.data?.events.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title} · {formatEventDateShort(item.date)}
            </option>
          ))}
        </GuestSelect>
      </div>

      {eventId ? (
        <>
          <section aria-labelledby="gl-lists-title" className="rounded-3xl border border-border bg-card p-4 sm:p-5">
            <h2 id="gl-lists-title" className="text-lg font-bold">
              Listas do evento
            </h2>
            {lists.isLoading ? <Skeleton className="mt-3 h-24 w-full" /> : null}
            {lists.data?.lists.length === 0 ? <p className="mt-2 text-muted">Nenhuma lista neste evento.</p> : null}
            <ul className="mt-3 space-y-2">
              {lists.data?.lists.map((list) => (
                <li key={list.id} className="rounded-2xl border border-border p-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-bold break-words">{list.name}</p>
                      <p className="text-sm break-words text-muted">
                        {list.owner.name} · {list.owner.email}
                      </p>
                      <p className="text-sm">{list.rule.label}</p>
                    </div>
                    {list.isClosed ? <Badge>Lista encerrada</Badge> : <Badge tone="success">Aberta</Badge>}
                  </div>
                  <p className="mt-2 text-sm font-semibold tabular-nums">
                    {admittedLine(list)} · {list.entriesCount} de {list.quota} nomes · {list.sectorName}
                  </p>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    className="mt-2"
                    onClick={() =>
                      void copyText(guestListLinkOf(list.token)).then((ok) =>
                        ok ? toast.success('Link da lista copiado') : toast.error('Não foi possível copiar o link'),
                      )
                    }
                  >
                    <Link2 className="size-4" aria-hidden /> Copiar link
                  </Button>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="gl-new-title" className="rounded-3xl border border-border bg-card p-4 sm:p-5">
            <h2 id="gl-new-title" className="mb-3 text-lg font-bold">
              Nova lista
            </h2>
            {event.data ? (
              <CreateGuestListForm key={eventId} eventId={eventId} sectors={event.data.sectors.map((t) => ({ id: t.id, name: t.name }))} />
            ) : (
              <Skeleton className="h-40 w-full" />
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
