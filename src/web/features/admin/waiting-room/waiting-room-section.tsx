import { useEffect, useState, type FormEvent } from 'react';
import { Loader2, Pause, Play, Users } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AdminRoomView, ConfigureRoomInput } from '../../../../shared/schemas/waiting-room';
import { formatInstant } from '../../../../shared/dates';
import { api, ApiError } from '../../../lib/api';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { DateTimeInput } from '../components/date-time-input';
import { SwitchField } from '../components/switch-field';

const roomKey = (eventId: string) => ['admin', 'waiting-room', eventId] as const;
const numberFormat = new Intl.NumberFormat('pt-BR');

/**
 * The room's settings and counts, kept live by GET /api/admin/events/:id/waiting-room/live
 * (Server-Sent Events, an event `room` whenever they change); while that stream is down (before it
 * opens, or a browser without EventSource) they are read every 5 s instead.
 */
function useAdminRoom(eventId: string) {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/admin/events/${eventId}/waiting-room/live`, { withCredentials: true });
    source.addEventListener('room', (message) => {
      try {
        queryClient.setQueryData(roomKey(eventId), JSON.parse((message as MessageEvent<string>).data) as AdminRoomView);
        setIsLive(true);
      } catch {
        // A malformed message is ignored; the next one corrects the figures.
      }
    });
    source.addEventListener('error', () => setIsLive(false));
    return () => source.close();
  }, [eventId, queryClient]);
  return useQuery({
    queryKey: roomKey(eventId),
    queryFn: ({ signal }) => api<AdminRoomView>(`/api/admin/events/${eventId}/waiting-room`, { signal }),
    refetchInterval: isLive ? false : 5_000,
  });
}

/**
 * 'Sala de espera' of an event in the back office (docs/rules/waiting-room.md 'The on-sale'): on or off, when it
 * opens and when the sale starts (the draw), buyers let in per minute and at once, pause and
 * resume, and the live counts: waiting, buying now, admitted in the last minute, sold, held, left.
 */
export function WaitingRoomSection({ eventId }: { eventId: string }) {
  const { data: room } = useAdminRoom(eventId);
  return (
    <section aria-labelledby="waiting-room-section-title" className="mt-8 rounded-2xl border border-border bg-surface p-4 sm:p-6">
      <h2 id="waiting-room-section-title" className="flex items-center gap-2 text-lg font-bold">
        <Users aria-hidden className="size-5 text-accent" />
        Sala de espera
      </h2>
      <p className="mt-1 text-sm text-fg/75">
        Para vendas muito procuradas: quem chega antes da abertura recebe um lugar sorteado, depois vale a ordem de chegada, e só entra para
        comprar quem o estoque ainda atende.
      </p>
      {room ? (
        <RoomForm key={String(room.configured)} eventId={eventId} room={room} />
      ) : (
        <Loader2 aria-label="Carregando" className="mt-4 size-5 animate-spin" />
      )}
    </section>
  );
}

function RoomForm({ eventId, room }: { eventId: string; room: AdminRoomView }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ConfigureRoomInput>(() => ({
    enabled: room.enabled,
    opensAt: room.opensAt,
    onSaleAt: room.onSaleAt,
    ratePerMinute: room.ratePerMinute,
    maxInside: room.maxInside,
  }));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [values]);

  const save = useMutation({
    mutationFn: (input: ConfigureRoomInput) =>
      api<AdminRoomView>(`/api/admin/events/${eventId}/waiting-room`, { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(roomKey(eventId), saved),
  });
  const pause = useMutation({
    mutationFn: (paused: boolean) =>
      api<AdminRoomView>(`/api/admin/events/${eventId}/waiting-room/pause`, { method: 'POST', body: { paused } }),
    onSuccess: (saved) => queryClient.setQueryData(roomKey(eventId), saved),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await save.mutateAsync(values);
      toast.success('Sala de espera salva');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Não foi possível salvar a sala de espera.');
    }
  }

  async function togglePause() {
    try {
      const saved = await pause.mutateAsync(!room.paused);
      toast.success(saved.paused ? 'Venda pausada' : 'Venda retomada');
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : 'Não foi possível mudar a pausa.');
    }
  }

  const counts: [string, number][] = [
    ['Na fila', room.counts.waiting],
    ['Comprando agora', room.counts.inside],
    ['Entraram no último minuto', room.counts.admittedLastMinute],
    ['Vendidos', room.counts.sold],
    ['Reservados', room.counts.held],
    ['Restantes', room.counts.remaining],
  ];

  return (
    <div className="mt-4 flex flex-col gap-5">
      {room.configured && room.enabled ? (
        <div>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-live="polite">
            {counts.map(([label, value]) => (
              <div key={label} className="rounded-xl border border-border bg-bg p-3">
                <dt className="text-xs font-semibold text-fg/70">{label}</dt>
                <dd className="text-xl font-black tabular-nums">{numberFormat.format(value)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-fg/75">
            {room.drawnAt ? `Ordem sorteada em ${formatInstant(room.drawnAt)}.` : 'A ordem será sorteada no início da venda.'}
            {room.paused ? ' Venda pausada: ninguém novo entra e as vezes em andamento não compram.' : ''}
          </p>
          <Button
            type="button"
            variant={room.paused ? 'primary' : 'outline'}
            className="mt-3"
            onClick={() => void togglePause()}
            disabled={pause.isPending}
          >
            {room.paused ? <Play aria-hidden className="size-4" /> : <Pause aria-hidden className="size-4" />}
            {room.paused ? 'Retomar venda' : 'Pausar venda'}
          </Button>
        </div>
      ) : null}

      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
        <SwitchField
          id="room-enabled"
          className="sm:col-span-2"
          label="Usar sala de espera nesta venda"
          description="Enquanto ligada, só compra quem tem a vez na fila."
          checked={values.enabled}
          onChange={(enabled) => setValues((v) => ({ ...v, enabled }))}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="room-opens-at" className="text-sm font-semibold">
            Sala abre em
          </label>
          <DateTimeInput id="room-opens-at" value={values.opensAt} onChange={(opensAt: string) => setValues((v) => ({ ...v, opensAt }))} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="room-on-sale-at" className="text-sm font-semibold">
            Início da venda (sorteio)
          </label>
          <DateTimeInput
            id="room-on-sale-at"
            value={values.onSaleAt}
            readOnly={room.drawnAt !== null}
            onChange={(onSaleAt: string) => setValues((v) => ({ ...v, onSaleAt }))}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="room-rate" className="text-sm font-semibold">
            Pessoas liberadas por minuto
          </label>
          <Input
            id="room-rate"
            inputMode="numeric"
            value={String(values.ratePerMinute)}
            onChange={(e) => setValues((v) => ({ ...v, ratePerMinute: Number(e.target.value.replace(/\D/g, '')) }))}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="room-max-inside" className="text-sm font-semibold">
            Máximo comprando ao mesmo tempo
          </label>
          <Input
            id="room-max-inside"
            inputMode="numeric"
            value={String(values.maxInside)}
            onChange={(e) => setValues((v) => ({ ...v, maxInside: Number(e.target.value.replace(/\D/g, '')) }))}
          />
        </div>
        {error ? (
          <p className="text-sm text-danger sm:col-span-2" role="alert">
            {error}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            Salvar sala de espera
          </Button>
        </div>
      </form>
    </div>
  );
}
