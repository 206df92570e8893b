import { useState } from 'react';
import { formatCentavos } from '../../../../shared/money';
import type { BoxOfficeEvent } from '../../../../shared/schemas/box-office';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import type { LocalBlock } from '../lib/offline-store';

/**
 * This device's blocks (stock taken from a sector up front, sold here with or without network)
 * with what is left in each, 'Reservar bloco' and 'Devolver' (the unsold units go back to the sector).
 */
export function BlocksPanel({
  event,
  blocks,
  isOnline,
  onReserve,
  onReturn,
}: {
  event: BoxOfficeEvent;
  blocks: LocalBlock[];
  isOnline: boolean;
  onReserve: (ticketTypeId: string, size: number) => Promise<void>;
  onReturn: (blockId: string) => Promise<void>;
}) {
  const [sectorId, setSectorId] = useState(event.sectors[0]?.id ?? '');
  const [size, setSize] = useState('20');
  const [error, setError] = useState<string>();
  const [isBusy, setBusy] = useState(false);

  async function run(work: () => Promise<void>) {
    setError(undefined);
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Ocorreu um erro inesperado');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="blocos" className="space-y-3 rounded-xl border border-border bg-card p-4">
      <h2 id="blocos" className="text-lg font-bold">
        Blocos deste aparelho
      </h2>
      {blocks.length === 0 ? (
        <p className="text-sm text-muted">Nenhum bloco reservado. Reserve um bloco para vender, mesmo sem internet.</p>
      ) : null}
      <ul className="space-y-2">
        {blocks.map((b) => (
          <li key={b.block.id} className="flex items-center justify-between gap-2 rounded-lg bg-surface p-2">
            <span>
              <strong>{b.block.ticketTypeName}</strong> · {b.block.size - b.sold} de {b.block.size} restantes
            </span>
            <Button
              variant="outline"
              size="sm"
              className="shrink-0"
              disabled={!isOnline || isBusy}
              onClick={() => void run(() => onReturn(b.block.id))}
            >
              Devolver bloco
            </Button>
          </li>
        ))}
      </ul>
      <div className="grid gap-2">
        <div>
          <Label htmlFor="bo-block-sector">Setor</Label>
          <select
            id="bo-block-sector"
            className="h-11 w-full rounded-xl border border-border bg-card px-3 text-base"
            value={sectorId}
            onChange={(e) => setSectorId(e.target.value)}
          >
            {event.sectors.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} · {formatCentavos(s.doorPriceCentavos ?? s.currentPriceCentavos ?? 0)} · {s.remaining} disponíveis
              </option>
            ))}
          </select>
        </div>
        <div className="w-28">
          <Label htmlFor="bo-block-size">Quantidade</Label>
          <Input id="bo-block-size" inputMode="numeric" value={size} onChange={(e) => setSize(e.target.value.replace(/\D/g, ''))} />
        </div>
      </div>
      <FieldError id="bo-block-error" message={error} />
      <Button
        className="h-12 w-full"
        disabled={!isOnline || isBusy || !sectorId}
        onClick={() => void run(() => onReserve(sectorId, Number(size) || 0))}
      >
        Reservar bloco
      </Button>
      {!isOnline ? <p className="text-sm text-muted">Reservar e devolver blocos pedem internet.</p> : null}
    </section>
  );
}
