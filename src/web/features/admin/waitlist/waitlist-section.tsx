import { useEffect, useState, type FormEvent } from 'react';
import { Hourglass, Loader2 } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { WaitlistDemand, WaitlistSettingsInput } from '../../../../shared/schemas/waitlist';
import { api, ApiError } from '../../../lib/api';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

const demandKey = (eventId: string) => ['admin', 'waitlist', eventId] as const;
const numberFormat = new Intl.NumberFormat('pt-BR');

/**
 * 'Lista de espera' of an event in the back office: per sold-out sector, the people and tickets
 * waiting, the offers open now and who bought from the list (read every 15 s), and how long an
 * offer is held (minutes; blank: 30 on the sector's on-sale day, 12 h otherwise).
 */
export function WaitlistSection({ eventId }: { eventId: string }) {
  const { data: demand } = useQuery({
    queryKey: demandKey(eventId),
    queryFn: ({ signal }) => api<WaitlistDemand>(`/api/admin/events/${eventId}/waitlist`, { signal }),
    refetchInterval: 15_000,
  });
  return (
    <section aria-labelledby="waitlist-section-title" className="mt-8 rounded-2xl border border-border bg-surface p-4 sm:p-6">
      <h2 id="waitlist-section-title" className="flex items-center gap-2 text-lg font-bold">
        <Hourglass aria-hidden className="size-5 text-accent" />
        Lista de espera
      </h2>
      <p className="mt-1 text-sm text-fg/75">
        Em setores esgotados, o público entra na lista com a quantidade que quer. Cada ingresso liberado depois é oferecido a quem está na
        fila, pela ordem de entrada, e fica reservado para a pessoa pelo tempo abaixo.
      </p>
      {demand ? (
        <>
          <DemandList demand={demand} />
          <OfferMinutesForm key={String(demand.offerMinutes)} eventId={eventId} offerMinutes={demand.offerMinutes} />
        </>
      ) : (
        <Loader2 aria-label="Carregando" className="mt-4 size-5 animate-spin" />
      )}
    </section>
  );
}

function DemandList({ demand }: { demand: WaitlistDemand }) {
  const sectors = demand.sectors.filter((s) => s.waitingPeople + s.openOffers + s.purchased > 0);
  if (sectors.length === 0) return <p className="mt-4 text-sm text-fg/75">Ninguém na lista de espera deste evento.</p>;
  return (
    <ul className="mt-4 flex flex-col gap-3" aria-label="Procura por setor">
      {sectors.map((sector) => {
        const figures: [string, number][] = [
          ['Pessoas na fila', sector.waitingPeople],
          ['Ingressos pedidos', sector.waitingUnits],
          ['Ofertas abertas', sector.openOffers],
          ['Compraram pela lista', sector.purchased],
        ];
        return (
          <li key={sector.sectorId} className="rounded-xl border border-border bg-bg p-3">
            <h3 className="font-semibold [overflow-wrap:anywhere]">{sector.name}</h3>
            <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
              {figures.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs font-semibold text-fg/70">{label}</dt>
                  <dd className="text-xl font-black tabular-nums">{numberFormat.format(value)}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

function OfferMinutesForm({ eventId, offerMinutes }: { eventId: string; offerMinutes: number | null }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(offerMinutes === null ? '' : String(offerMinutes));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [value]);
  const save = useMutation({
    mutationFn: (input: WaitlistSettingsInput) =>
      api<WaitlistDemand>(`/api/admin/events/${eventId}/waitlist`, { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(demandKey(eventId), saved),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await save.mutateAsync({ offerMinutes: value === '' ? null : Number(value) });
      toast.success('Tempo da oferta salvo');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Não foi possível salvar o tempo da oferta.');
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-5 flex flex-col gap-1.5">
      <label htmlFor="waitlist-offer-minutes" className="text-sm font-semibold">
        Tempo para comprar a oferta (minutos)
      </label>
      <div className="flex flex-wrap items-start gap-3">
        <div className="w-32">
          <Input
            id="waitlist-offer-minutes"
            inputMode="numeric"
            placeholder="Padrão"
            aria-describedby="waitlist-offer-minutes-help"
            aria-invalid={error ? true : undefined}
            value={value}
            onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
          />
        </div>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          Salvar tempo da oferta
        </Button>
      </div>
      <p id="waitlist-offer-minutes-help" className="text-sm text-fg/75">
        Em branco: 30 minutos no dia em que as vendas do setor abriram e 12 horas nos outros dias.
      </p>
      {error ? (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
