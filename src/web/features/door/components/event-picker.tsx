import { useMemo, useState } from 'react';
import { CalendarDays, ChevronRight, MapPin, RefreshCw } from 'lucide-react';
import { formatEventDateShort, formatEventTime } from '../../../../shared/dates';
import { DEFAULT_GATE, type DoorEvent } from '../../../../shared/schemas/tickets';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { LabeledSearchInput } from '../../../components/labeled-search-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDoorEvents } from '../api/get-door-events';
import type { DoorSelection } from '../lib/door-device';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The door's first step (docs/rules/door.md 'One event per door': one event per door, today's first): the events the door
 * may work, today's apart from the next ones, a search by title, and an optional gate name.
 */
export function EventPicker({ initialGate, onPick }: { initialGate: string; onPick: (selection: DoorSelection) => void }) {
  const { data: events, isLoading, isError, refetch, isFetching } = useDoorEvents();
  const [query, setQuery] = useState('');
  const [gate, setGate] = useState(initialGate);

  const shown = useMemo(() => {
    const wanted = fold(query.trim());
    return (events ?? []).filter((e) => !wanted || fold(`${e.title} ${e.location}`).includes(wanted));
  }, [events, query]);
  const today = shown.filter((e) => e.isToday);
  const next = shown.filter((e) => !e.isToday);

  const pick = (event: DoorEvent) =>
    onPick({
      eventId: event.id,
      title: event.title,
      date: event.date,
      startTime: event.startTime,
      gate: gate.trim(),
      sessions: event.sessions,
      exitScans: event.exitScans,
    });

  return (
    <div className="space-y-4">
      <section aria-labelledby="door-pick-title" className="rounded-3xl border border-border bg-card p-4 shadow-sm sm:p-5">
        <h2 id="door-pick-title" className="text-xl font-bold">
          Escolha o evento desta portaria
        </h2>
        <p className="mt-1 text-sm text-muted">Ingressos de outros eventos serão recusados. A escolha fica salva neste aparelho.</p>

        <div className="mt-4">
          <Label htmlFor="door-gate">Portão (opcional)</Label>
          <Input
            id="door-gate"
            value={gate}
            onChange={(e) => setGate(e.target.value)}
            placeholder={DEFAULT_GATE}
            maxLength={60}
            autoComplete="off"
            aria-describedby="door-gate-hint"
          />
          <p id="door-gate-hint" className="mt-1 text-sm text-muted">
            Sem nome, as entradas ficam registradas em “{DEFAULT_GATE}”.
          </p>
        </div>

        <LabeledSearchInput
          id="door-event-search"
          label="Buscar evento"
          value={query}
          onChange={setQuery}
          placeholder="Nome do evento ou local"
          className="mt-4"
        />
      </section>

      {isLoading ? (
        <div className="space-y-3" role="status" aria-label="Carregando eventos">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : isError ? (
        <div className="rounded-3xl border border-border bg-card p-5 text-center">
          <p className="font-semibold">Não foi possível carregar os eventos.</p>
          <p className="mt-1 text-sm text-muted">Verifique a conexão e tente de novo.</p>
          <Button variant="outline" className="mt-3" onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw className="size-4" aria-hidden /> Tentar novamente
          </Button>
        </div>
      ) : (
        <>
          <EventGroup title="Hoje" events={today} onPick={pick} empty={query ? null : 'Nenhum evento hoje.'} />
          <EventGroup title="Próximos eventos" events={next} onPick={pick} empty={null} />
          {shown.length === 0 && query ? (
            <p className="rounded-3xl bg-surface p-4 text-center text-muted">Nenhum evento encontrado para “{query}”.</p>
          ) : null}
        </>
      )}
    </div>
  );
}

function EventGroup({
  title,
  events,
  onPick,
  empty,
}: {
  title: string;
  events: DoorEvent[];
  onPick: (event: DoorEvent) => void;
  empty: string | null;
}) {
  if (events.length === 0 && !empty) return null;
  const id = `door-group-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 px-1 text-sm font-bold tracking-wide text-muted uppercase">
        {title}
      </h3>
      {events.length === 0 ? (
        <p className="rounded-3xl bg-surface p-4 text-center text-sm text-muted">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {events.map((event) => (
            <li key={event.id}>
              <button
                type="button"
                onClick={() => onPick(event)}
                className="flex w-full items-center gap-3 rounded-3xl border border-border bg-card p-4 text-left shadow-sm transition-colors hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
              >
                <span className="min-w-0 flex-1">
                  <span className="block text-lg leading-tight font-bold break-words">{event.title}</span>
                  <span className="mt-1 flex items-center gap-1.5 text-sm text-muted">
                    <CalendarDays className="size-4 shrink-0" aria-hidden />
                    {event.isToday ? 'Hoje' : formatEventDateShort(event.date)} às {formatEventTime(event.startTime)}
                  </span>
                  <span className="mt-0.5 flex items-center gap-1.5 text-sm text-muted">
                    <MapPin className="size-4 shrink-0" aria-hidden />
                    <span className="truncate">{event.location}</span>
                  </span>
                </span>
                <ChevronRight className="size-6 shrink-0 text-muted" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
