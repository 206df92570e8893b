import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { IdCard, Loader2, Search, UserRoundCheck } from 'lucide-react';
import { describeVerdict, verdictBadge, type VerdictTone } from '../../../../shared/door-verdict';
import type { CheckInResult, DoorSearchTicket } from '../../../../shared/schemas/tickets';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { useManualCheckIn } from '../api/manual-check-in';
import { useDoorSearch } from '../api/search-door-tickets';
import { AdmitConfirmDialog } from './admit-confirm-dialog';
import { GuestLookup } from './guest-lookup';

const badgeTone: Record<VerdictTone, 'success' | 'danger' | 'warning' | 'neutral'> = {
  valid: 'success',
  exit: 'neutral',
  early: 'warning',
  used: 'neutral',
  invalid: 'danger',
};

/**
 * The look-up at the door (docs/rules/door.md 'Look-up at the door': a guest whose phone died): search the event's tickets by
 * part of a name, the whole e-mail, the whole CPF or the order number, each with the verdict a
 * scan would give now (the server's, in describeVerdict's words), and let one in by hand after a
 * confirmation, only when that verdict admits; the answer goes to `onResult`, shown like a scan's.
 */
export function TicketLookup({
  eventId,
  gate,
  deviceId,
  isOnline,
  onResult,
  sessionId = null,
}: {
  eventId: string;
  gate: string;
  deviceId: string;
  isOnline: boolean;
  onResult: (result: CheckInResult) => void;
  /** The session the door operator picked (null: the one open now). */
  sessionId?: string | null;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<DoorSearchTicket | null>(null);
  const search = useDoorSearch(eventId, query);
  const admit = useManualCheckIn();
  const tooShort = query.length > 0 && query.length < 2;

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = text.trim();
    // The same words again ask the server again: a verdict may have changed since (an entry, the door opening).
    if (next === query && next.length >= 2) void search.refetch();
    setQuery(next);
  }

  // The confirmation ignores taps until this settles: a double tap on 'Liberar entrada' sends one request.
  async function confirm() {
    if (!chosen) return;
    try {
      const result = await admit.mutateAsync({
        eventId,
        ticketId: chosen.ticketId,
        gate: gate || undefined,
        deviceId,
        sessionId: sessionId ?? undefined,
      });
      setChosen(null);
      onResult(result);
    } catch (error) {
      setChosen(null);
      // Not a verdict: the request failed, so nothing is said of the ticket (as a failed scan).
      toast.error('Erro ao validar ingresso', {
        id: 'door-manual-check-in',
        description: error instanceof ApiError && error.status > 0 ? error.message : undefined,
      });
    }
  }

  const results = search.data ?? [];
  return (
    <section aria-labelledby="door-lookup-title" className="rounded-3xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <h2 id="door-lookup-title" className="flex items-center gap-2 text-xl font-bold">
        <UserRoundCheck className="size-6 text-accent" aria-hidden />
        Buscar ingresso
      </h2>
      <p className="mt-1 text-sm text-muted">Para quem está sem o QR code: nome, e-mail completo, CPF completo ou número do pedido.</p>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-2 sm:flex-row" role="search">
        <div className="min-w-0 flex-1">
          <Label htmlFor="door-lookup" className="sr-only">
            Nome, e-mail, CPF ou pedido
          </Label>
          <Input
            id="door-lookup"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Nome, e-mail, CPF ou pedido"
            autoComplete="off"
            enterKeyHint="search"
            className="h-12"
          />
        </div>
        <Button type="submit" size="lg" className="h-12 shrink-0 px-5" disabled={!isOnline}>
          {search.isFetching ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <Search className="size-5" aria-hidden />}
          Buscar
        </Button>
      </form>
      {!isOnline ? <p className="mt-2 text-sm text-muted">A busca precisa de conexão.</p> : null}
      {tooShort ? <p className="mt-2 text-sm text-muted">Digite pelo menos 2 caracteres.</p> : null}

      <div aria-live="polite" aria-busy={search.isFetching}>
        {search.isError && !tooShort ? (
          <p className="mt-3 text-sm text-danger">{search.error instanceof ApiError ? search.error.message : 'Não foi possível buscar.'}</p>
        ) : null}
        {query.length >= 2 && search.isSuccess && !search.isPlaceholderData && results.length === 0 ? (
          <p className="mt-3 rounded-2xl bg-surface p-3 text-center text-sm text-muted">Nenhum ingresso encontrado para “{query}”.</p>
        ) : null}
        {results.length > 0 && query.length >= 2 ? (
          <ul className="mt-3 space-y-2" aria-label="Ingressos encontrados" data-query={search.isPlaceholderData ? undefined : query}>
            {results.map((ticket, index) => (
              // A ticket has its row, and apart from it a row for each code it carried before a transfer.
              <LookupRow
                key={`${ticket.ticketId}-${ticket.status}-${index}`}
                rowId={`${ticket.ticketId}-${index}`}
                ticket={ticket}
                onAdmit={() => setChosen(ticket)}
              />
            ))}
          </ul>
        ) : null}
      </div>

      {/* List names ('Lista amiga') for the same words: guest-lookup.tsx. */}
      <GuestLookup eventId={eventId} query={query} gate={gate} deviceId={deviceId} isOnline={isOnline} onResult={onResult} />

      <AdmitConfirmDialog
        isOpen={chosen !== null}
        onClose={() => setChosen(null)}
        who={chosen ? (chosen.holderName ?? chosen.buyerName) : null}
        what={chosen ? `${chosen.sectorName} · Pedido #${chosen.orderNumber}` : null}
        note={chosen?.documentCheck ? `${chosen.documentCheck}.` : null}
        isPending={admit.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}

function LookupRow({ ticket, rowId, onAdmit }: { ticket: DoorSearchTicket; rowId: string; onAdmit: () => void }) {
  const view = describeVerdict(ticket.verdict, new Date());
  const name = ticket.holderName ?? ticket.buyerName;
  const reasonId = `door-lookup-reason-${rowId}`;
  return (
    <li className="rounded-2xl border border-border p-3" data-tone={view.tone}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-lg leading-tight font-bold break-words">{name}</p>
          <p className="mt-0.5 text-sm text-muted">
            {ticket.sectorName} · Pedido #{ticket.orderNumber}
          </p>
          {ticket.holderName && ticket.holderName !== ticket.buyerName ? (
            <p className="text-sm text-muted">Comprador: {ticket.buyerName}</p>
          ) : null}
          {ticket.documentCheck ? (
            <p className="mt-1 flex items-center gap-1 text-sm font-semibold">
              <IdCard className="size-4" aria-hidden /> {ticket.documentCheck}
            </p>
          ) : null}
        </div>
        <Badge tone={badgeTone[view.tone]} className="shrink-0">
          {verdictBadge[view.tone]}
        </Badge>
      </div>
      {view.detail ? (
        <p id={reasonId} className="mt-2 text-sm font-semibold" data-testid="door-lookup-reason">
          {view.detail}
          {view.note ? <span className="block font-normal text-muted">{view.note}</span> : null}
        </p>
      ) : null}
      <Button
        className="mt-3 h-12 w-full text-base"
        onClick={onAdmit}
        disabled={!ticket.verdict.accepted}
        aria-label={`Liberar entrada de ${name}`}
        aria-describedby={view.detail ? reasonId : undefined}
      >
        Liberar entrada
      </Button>
    </li>
  );
}
