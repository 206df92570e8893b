import { useState } from 'react';
import { formatCentavos } from '../../../../shared/money';
import type { BoxOfficeEvent } from '../../../../shared/schemas/box-office';
import { plural } from '../../../../shared/plural';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import type { LocalBlock } from '../lib/offline-store';

/** The units of a block not sold yet: what returning it puts back on sale. */
export const unsoldOf = (b: LocalBlock) => Math.max(0, b.block.size - b.sold);

/**
 * This device's blocks (stock taken from a sector up front, sold here with or without network)
 * with what is left in each, 'Reservar bloco' and 'Devolver bloco' (docs/rules/box-office.md
 * 'Blocks'), which first asks, naming the units that go back to the online sale.
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
  onReserve: (sectorId: string, size: number) => Promise<void>;
  onReturn: (blockId: string) => Promise<void>;
}) {
  const [sectorId, setSectorId] = useState(event.sectors[0]?.id ?? '');
  const [size, setSize] = useState('20');
  const [error, setError] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const [returning, setReturning] = useState<LocalBlock | null>(null);

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

  async function confirmReturn() {
    if (!returning) return;
    await run(() => onReturn(returning.block.id));
    setReturning(null);
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
              <strong>{b.block.sectorName}</strong> · {unsoldOf(b)} de {b.block.size} restantes
            </span>
            <Button variant="outline" size="sm" className="shrink-0" disabled={!isOnline || isBusy} onClick={() => setReturning(b)}>
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
      <ConfirmDialog
        open={returning !== null}
        onOpenChange={(open) => !open && setReturning(null)}
        title="Devolver bloco?"
        description="Os ingressos não vendidos saem deste aparelho e voltam à venda online."
        confirmLabel="Devolver bloco"
        tone="primary"
        isPending={isBusy}
        onConfirm={() => void confirmReturn()}
      >
        {returning ? (
          <dl
            className="mt-4 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 rounded-xl bg-surface p-3 text-sm"
            data-testid="block-return-summary"
          >
            <dt className="text-muted">Setor</dt>
            <dd className="text-right font-semibold">{returning.block.sectorName}</dd>
            <dt className="text-muted">Vendidos neste bloco</dt>
            <dd className="text-right tabular-nums">{returning.sold}</dd>
            <dt className="font-semibold">Voltam à venda online</dt>
            <dd className="text-right font-semibold tabular-nums">{plural(unsoldOf(returning), 'ingresso', 'ingressos')}</dd>
          </dl>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
