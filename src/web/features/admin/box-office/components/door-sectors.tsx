import { useState } from 'react';
import { toast } from 'sonner';
import { formatCentavos, parseReaisToCentavos } from '../../../../../shared/money';
import type { DoorSector } from '../../../../../shared/schemas/box-office';
import { Button } from '../../../../components/ui/button';
import { FieldError, Input, Label } from '../../../../components/ui/input';
import { ApiError } from '../../../../lib/api';
import { useBoxOfficeEvents } from '../api/list-events';
import { useDoorSectors } from '../api/list-door-sectors';
import { useSaveDoorSector } from '../api/save-door-sector';

function SectorRow({ eventId, sector }: { eventId: string; sector: DoorSector }) {
  const save = useSaveDoorSector(eventId);
  const [price, setPrice] = useState(sector.doorPriceCentavos === null ? '' : formatCentavos(sector.doorPriceCentavos));
  const [quota, setQuota] = useState(sector.doorQuota === null ? '' : String(sector.doorQuota));
  const [error, setError] = useState<string>();

  async function submit() {
    const doorPriceCentavos = price.trim() ? parseReaisToCentavos(price) : null;
    if (price.trim() && doorPriceCentavos === null) return setError('Informe o preço em reais, por exemplo 80,00.');
    const doorQuota = quota.trim() ? Number(quota) : null;
    if (doorQuota !== null && (!Number.isInteger(doorQuota) || doorQuota < 0)) return setError('A cota não pode ser negativa.');
    setError(undefined);
    try {
      await save.mutateAsync({ sectorId: sector.id, input: { doorPriceCentavos, doorQuota } });
      toast.success(`${sector.name}: bilheteria atualizada`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Ocorreu um erro inesperado');
    }
  }

  return (
    <li className="space-y-3 rounded-xl border border-border bg-card p-4">
      <p className="font-semibold">
        {sector.name}
        <span className="ml-2 text-sm font-normal text-muted">
          Online: {sector.onlinePriceCentavos === null ? '—' : formatCentavos(sector.onlinePriceCentavos)} · Na bilheteria agora:{' '}
          {sector.heldAtDoor}
        </span>
      </p>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div>
          <Label htmlFor={`door-price-${sector.id}`}>Preço na bilheteria</Label>
          <Input
            id={`door-price-${sector.id}`}
            inputMode="decimal"
            placeholder="Igual ao online"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`door-quota-${sector.id}`}>Cota da bilheteria</Label>
          <Input
            id={`door-quota-${sector.id}`}
            inputMode="numeric"
            placeholder="Sem limite"
            value={quota}
            onChange={(e) => setQuota(e.target.value.replace(/\D/g, ''))}
          />
        </div>
        <Button disabled={save.isPending} onClick={() => void submit()}>
          Salvar
        </Button>
      </div>
      <FieldError id={`door-${sector.id}-error`} message={error} />
    </li>
  );
}

/** Per event, each sector's door price (empty: the online price) and the box office's quota (empty: no limit). */
export function DoorSectors() {
  const events = useBoxOfficeEvents();
  const [eventId, setEventId] = useState('');
  const chosen = eventId || events.data?.events[0]?.id || '';
  const sectors = useDoorSectors(chosen);
  if (!events.data || events.data.events.length === 0) return null;
  return (
    <section aria-labelledby="precos-porta" className="mt-8 space-y-3">
      <h2 id="precos-porta" className="text-lg font-bold">
        Preços e cotas da bilheteria
      </h2>
      <div className="max-w-md">
        <Label htmlFor="door-event">Evento</Label>
        <select
          id="door-event"
          className="h-11 w-full rounded-xl border border-border bg-card px-3 text-base"
          value={chosen}
          onChange={(e) => setEventId(e.target.value)}
        >
          {events.data.events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title}
            </option>
          ))}
        </select>
      </div>
      <ul className="space-y-3">
        {sectors.data?.sectors.map((s) => (
          <SectorRow key={`${s.id}:${s.doorPriceCentavos}:${s.doorQuota}`} eventId={chosen} sector={s} />
        ))}
      </ul>
    </section>
  );
}
