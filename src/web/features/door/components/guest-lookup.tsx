import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Banknote, CreditCard, ListChecks } from 'lucide-react';
import { formatClockTime } from '../../../../shared/dates';
import { formatCentavos } from '../../../../shared/money';
import type { DoorGuestEntry, DoorGuestSearch, GuestAdmission } from '../../../../shared/schemas/guest-lists';
import type { CheckInResult } from '../../../../shared/schemas/tickets';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { api, ApiError } from '../../../lib/api';
import { AdmitConfirmDialog } from './admit-confirm-dialog';

type GuestPayment = 'cash' | 'card_machine';

const guestKeys = {
  searches: (eventId: string) => ['door', 'guest-search', eventId] as const,
  search: (eventId: string, query: string) => ['door', 'guest-search', eventId, query] as const,
};

/** GET /api/door/events/:id/guest-search: list names ('Lista amiga') of the door's event. */
function searchGuests(eventId: string, query: string, signal?: AbortSignal): Promise<DoorGuestSearch> {
  return api(`/api/door/events/${eventId}/guest-search?q=${encodeURIComponent(query)}`, { signal });
}

/** POST /api/door/guest-entries/:id/admit: lets a list name in with its ticket, paid at the door when the rule charges. */
function admitGuest(input: {
  entryId: string;
  eventId: string;
  paymentMethod?: GuestPayment;
  gate?: string;
  deviceId?: string;
}): Promise<GuestAdmission> {
  const { entryId, ...body } = input;
  return api(`/api/door/guest-entries/${entryId}/admit`, { method: 'POST', body });
}

const paymentLabel: Record<GuestPayment, string> = { cash: 'dinheiro', card_machine: 'maquininha' };

/**
 * The list names beside the door's ticket look-up, for the same words: each with its list, the
 * rule and what it costs now, and 'Liberar entrada' (free), or 'Recebi em dinheiro' /
 * 'Recebi na maquininha' (past the free time), after a confirmation. The door's verdict on the
 * name's ticket goes to `onResult`, so the door's big card shows this action as the latest.
 */
export function GuestLookup({
  eventId,
  query,
  gate,
  deviceId,
  isOnline,
  onResult,
}: {
  eventId: string;
  query: string;
  gate: string;
  deviceId: string;
  isOnline: boolean;
  onResult?: (result: CheckInResult) => void;
}) {
  const queryClient = useQueryClient();
  const search = useQuery({
    queryKey: guestKeys.search(eventId, query),
    queryFn: ({ signal }) => searchGuests(eventId, query, signal),
    enabled: isOnline && query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const admit = useMutation({
    mutationFn: admitGuest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestKeys.searches(eventId) }),
  });
  const [chosen, setChosen] = useState<{ entry: DoorGuestEntry; payment?: GuestPayment } | null>(null);
  const [last, setLast] = useState<{ name: string; admission: GuestAdmission } | null>(null);

  if (query.length < 2) return null;
  const entries = search.data?.entries ?? [];

  // The confirmation ignores taps until this settles: a double tap on 'Liberar entrada' sends one request.
  async function confirm() {
    if (!chosen) return;
    const { entry, payment } = chosen;
    try {
      const admission = await admit.mutateAsync({ entryId: entry.id, eventId, paymentMethod: payment, gate: gate || undefined, deviceId });
      setChosen(null);
      setLast({ name: entry.name, admission });
      // The big card shows the last action: this name let in (or refused), not the scan before.
      if (admission.verdict) onResult?.({ ...admission.verdict, holderName: admission.verdict.holderName ?? entry.name });
    } catch (error) {
      setChosen(null);
      toast.error(error instanceof ApiError && error.status > 0 ? error.message : 'Erro ao liberar entrada', { id: 'door-guest-entry' });
    }
  }

  return (
    <div className="mt-4 border-t border-border pt-4" aria-labelledby="door-guest-title">
      <h3 id="door-guest-title" className="flex items-center gap-2 text-lg font-bold">
        <ListChecks className="size-5 text-accent" aria-hidden /> Lista amiga
      </h3>
      <div aria-live="polite">
        {last ? (
          <p
            className={`mt-2 rounded-2xl p-3 font-semibold ${last.admission.accepted ? 'bg-success/15 text-success' : 'bg-danger/15 text-danger'}`}
            role="status"
            data-testid="guest-admission"
          >
            {last.admission.accepted ? 'Entrada liberada' : last.admission.message}: {last.name}
            {last.admission.chargedCentavos > 0 ? ` · ${formatCentavos(last.admission.chargedCentavos)} recebidos` : ''}
          </p>
        ) : null}
        {search.isError ? (
          <p className="mt-2 text-sm text-danger">
            {search.error instanceof ApiError ? search.error.message : 'Não foi possível buscar na lista.'}
          </p>
        ) : null}
        {search.isSuccess && !search.isPlaceholderData && entries.length === 0 ? (
          <p className="mt-2 rounded-2xl bg-surface p-3 text-center text-sm text-muted">Nenhum nome na lista para “{query}”.</p>
        ) : null}
        {entries.length > 0 ? (
          <ul className="mt-2 space-y-2" aria-label="Nomes na lista encontrados">
            {entries.map((entry) => (
              <GuestRow key={entry.id} entry={entry} disabled={!isOnline} onAdmit={(payment) => setChosen({ entry, payment })} />
            ))}
          </ul>
        ) : null}
      </div>
      <AdmitConfirmDialog
        isOpen={chosen !== null}
        onClose={() => setChosen(null)}
        who={chosen?.entry.name}
        what={chosen?.entry.listName}
        note={chosen?.payment ? `Receber ${formatCentavos(chosen.entry.chargeCentavos)} em ${paymentLabel[chosen.payment]}.` : null}
        isPending={admit.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}

function GuestRow({ entry, disabled, onAdmit }: { entry: DoorGuestEntry; disabled: boolean; onAdmit: (payment?: GuestPayment) => void }) {
  const isIn = entry.admittedAt !== null;
  return (
    <li className="rounded-2xl border border-border p-3" data-testid="guest-row">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-lg leading-tight font-bold break-words">{entry.name}</p>
          <p className="mt-0.5 text-sm text-muted">
            Nome na lista · {entry.listName} ({entry.ownerName})
          </p>
          {entry.cpfMasked ? <p className="text-sm text-muted">CPF {entry.cpfMasked}</p> : null}
          <p className="mt-1 text-sm font-semibold">{entry.ruleLabel}</p>
        </div>
        {isIn ? (
          <Badge tone="neutral" className="shrink-0">
            Já entrou às {formatClockTime(entry.admittedAt!)}
          </Badge>
        ) : entry.chargeCentavos > 0 ? (
          <Badge tone="warning" className="shrink-0">
            Cobrar {formatCentavos(entry.chargeCentavos)}
          </Badge>
        ) : (
          <Badge tone="success" className="shrink-0">
            Grátis
          </Badge>
        )}
      </div>
      {isIn ? null : entry.chargeCentavos > 0 ? (
        <div className="mt-3 grid grid-cols-2 gap-2">
          <Button
            className="h-12"
            disabled={disabled}
            onClick={() => onAdmit('cash')}
            aria-label={`Recebi em dinheiro: liberar entrada de ${entry.name}`}
          >
            <Banknote className="size-5" aria-hidden /> Dinheiro
          </Button>
          <Button
            className="h-12"
            disabled={disabled}
            onClick={() => onAdmit('card_machine')}
            aria-label={`Recebi na maquininha: liberar entrada de ${entry.name}`}
          >
            <CreditCard className="size-5" aria-hidden /> Maquininha
          </Button>
        </div>
      ) : (
        <Button
          className="mt-3 h-12 w-full text-base"
          disabled={disabled}
          onClick={() => onAdmit()}
          aria-label={`Liberar entrada de ${entry.name} (lista)`}
        >
          Liberar entrada
        </Button>
      )}
    </li>
  );
}
