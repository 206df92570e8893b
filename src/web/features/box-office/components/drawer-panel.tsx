import { useState } from 'react';
import { toast } from 'sonner';
import { formatCentavos, parseReaisToCentavos } from '../../../../shared/money';
import type { CashDrawerView } from '../../../../shared/schemas/box-office';
import { plural } from '../../../../shared/plural';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { CashInput } from './cash-input';
import { ApiError } from '../../../lib/api';
import type { LocalBlock } from '../lib/offline-store';
import { unsoldOf } from './blocks-panel';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Ocorreu um erro inesperado');

/** Opens the operator's drawer with a float ('Fundo de troco'). */
export function OpenDrawerForm({ onOpen }: { onOpen: (floatCentavos: number) => Promise<void> }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  async function submit() {
    const centavos = parseReaisToCentavos(text || '0');
    if (centavos === null) return setError('Informe o fundo de troco em reais, por exemplo 100,00.');
    setError(undefined);
    try {
      await onOpen(centavos);
    } catch (e) {
      setError(messageOf(e));
    }
  }
  return (
    <section aria-labelledby="abrir-caixa" className="space-y-3 rounded-xl border border-border bg-card p-4">
      <h2 id="abrir-caixa" className="text-lg font-bold">
        Abrir caixa
      </h2>
      <div>
        <Label htmlFor="bo-float">Fundo de troco</Label>
        <CashInput id="bo-float" value={text} error={error} onChange={setText} />
        <FieldError id="bo-float-error" message={error} />
      </div>
      <Button size="lg" className="h-14 w-full" onClick={() => void submit()}>
        Abrir caixa
      </Button>
    </section>
  );
}

/**
 * The open drawer: float, cash taken, what it should hold now (with the cash sales not sent yet),
 * 'Sangria' and the close counted (docs/rules/box-office.md 'Drawers'). 'Fechar caixa' first asks,
 * with a summary: the float, the expected cash, the count typed, the difference (counted −
 * expected, centavos) and the unsold units of this device's blocks (`blocks`), which go back to
 * the online sale with the close; nothing closes until confirmed. The answer shows expected,
 * counted and difference.
 */
export function DrawerPanel({
  drawer,
  blocks,
  queuedCash,
  isOnline,
  onWithdraw,
  onClose,
}: {
  drawer: CashDrawerView;
  blocks: LocalBlock[];
  queuedCash: number;
  isOnline: boolean;
  onWithdraw: (amountCentavos: number, note: string) => Promise<void>;
  onClose: (countedCentavos: number) => Promise<CashDrawerView | null>;
}) {
  const [withdrawal, setWithdrawal] = useState('');
  const [note, setNote] = useState('');
  const [counted, setCounted] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [closed, setClosed] = useState<CashDrawerView | null>(null);
  /** The count typed, while the close waits for its confirmation. */
  const [closing, setClosing] = useState<number | null>(null);
  const [isClosing, setIsClosing] = useState(false);
  const expected = drawer.expectedCentavos + queuedCash;

  async function withdraw() {
    const centavos = parseReaisToCentavos(withdrawal);
    if (!centavos) return setErrors({ withdrawal: 'Informe um valor maior que zero.' });
    setErrors({});
    try {
      await onWithdraw(centavos, note);
      setWithdrawal('');
      setNote('');
      toast.success(`Sangria de ${formatCentavos(centavos)} registrada`);
    } catch (e) {
      setErrors({ withdrawal: messageOf(e) });
    }
  }

  /** Reads the count and asks for the confirmation; nothing is sent yet. */
  function askToClose() {
    const centavos = parseReaisToCentavos(counted);
    if (centavos === null) return setErrors({ counted: 'Informe o valor contado no caixa: zero ou mais.' });
    setErrors({});
    setClosing(centavos);
  }

  async function close() {
    if (closing === null) return;
    setIsClosing(true);
    try {
      const done = await onClose(closing);
      if (done) toast.success(`Caixa fechado · Diferença: ${formatCentavos(done.differenceCentavos ?? 0)}`);
      setClosed(done);
    } catch (e) {
      setErrors({ counted: messageOf(e) });
    } finally {
      setIsClosing(false);
      setClosing(null);
    }
  }

  const toReturn = blocks.filter((b) => unsoldOf(b) > 0);

  if (closed) {
    const difference = closed.differenceCentavos ?? 0;
    return (
      <section aria-labelledby="caixa-fechado" className="space-y-2 rounded-xl border border-border bg-card p-4">
        <h2 id="caixa-fechado" className="text-lg font-bold">
          Caixa fechado
        </h2>
        <p>Esperado: {formatCentavos(closed.expectedCentavos)}</p>
        <p>Contado: {formatCentavos(closed.countedCentavos ?? 0)}</p>
        <p className={difference < 0 ? 'font-bold text-danger' : 'font-bold'}>Diferença: {formatCentavos(difference)}</p>
      </section>
    );
  }

  return (
    <section aria-labelledby="caixa" className="space-y-4 rounded-xl border border-border bg-card p-4">
      <h2 id="caixa" className="text-lg font-bold">
        Caixa
      </h2>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-muted">Fundo de troco</dt>
        <dd className="text-right tabular-nums">{formatCentavos(drawer.floatCentavos)}</dd>
        <dt className="text-muted">Vendas em dinheiro</dt>
        <dd className="text-right tabular-nums">{formatCentavos(drawer.cashSalesCentavos + queuedCash)}</dd>
        <dt className="text-muted">Sangrias</dt>
        <dd className="text-right tabular-nums">{formatCentavos(drawer.withdrawalsCentavos)}</dd>
        <dt className="font-semibold">Esperado no caixa</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="drawer-expected">
          {formatCentavos(expected)}
        </dd>
      </dl>
      <div className="space-y-2">
        <Label htmlFor="bo-withdrawal">Sangria (retirada)</Label>
        <CashInput id="bo-withdrawal" value={withdrawal} error={errors.withdrawal} onChange={setWithdrawal} />
        <Input
          aria-label="Observação da sangria"
          placeholder="Observação (opcional)"
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <FieldError id="bo-withdrawal-error" message={errors.withdrawal} />
        <Button variant="outline" className="h-12 w-full" disabled={!isOnline} onClick={() => void withdraw()}>
          Registrar sangria
        </Button>
      </div>
      <div className="space-y-2">
        <Label htmlFor="bo-counted">Valor contado no fechamento</Label>
        <CashInput id="bo-counted" value={counted} error={errors.counted} onChange={setCounted} />
        <FieldError id="bo-counted-error" message={errors.counted} />
        <Button variant="danger" className="h-12 w-full" disabled={!isOnline} onClick={askToClose}>
          Fechar caixa
        </Button>
      </div>
      {!isOnline ? <p className="text-sm text-muted">Sangria e fechamento pedem internet.</p> : null}
      <ConfirmDialog
        open={closing !== null}
        onOpenChange={(open) => !open && setClosing(null)}
        title="Fechar caixa?"
        description="Confira o resumo: depois de fechado, o caixa não reabre."
        confirmLabel="Fechar caixa"
        isPending={isClosing}
        onConfirm={() => void close()}
      >
        {closing !== null ? (
          <div className="mt-4 space-y-3 text-sm" data-testid="drawer-close-summary">
            <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 rounded-xl bg-surface p-3">
              <dt className="text-muted">Fundo de troco</dt>
              <dd className="text-right tabular-nums">{formatCentavos(drawer.floatCentavos)}</dd>
              <dt className="text-muted">Esperado no caixa</dt>
              <dd className="text-right tabular-nums">{formatCentavos(expected)}</dd>
              <dt className="text-muted">Contado</dt>
              <dd className="text-right tabular-nums">{formatCentavos(closing)}</dd>
              <dt className="font-semibold">Diferença</dt>
              <dd
                className={closing - expected < 0 ? 'text-right font-bold text-danger tabular-nums' : 'text-right font-bold tabular-nums'}
              >
                {formatCentavos(closing - expected)}
              </dd>
            </dl>
            <div className="rounded-xl bg-surface p-3">
              <p className="font-semibold">Blocos devolvidos à venda online</p>
              {toReturn.length === 0 ? (
                <p className="mt-1 text-muted">Nenhum ingresso a devolver.</p>
              ) : (
                <ul className="mt-1 space-y-0.5">
                  {toReturn.map((b) => (
                    <li key={b.block.id} className="flex justify-between gap-3">
                      <span className="min-w-0 break-words">{b.block.sectorName}</span>
                      <span className="shrink-0 tabular-nums">{plural(unsoldOf(b), 'ingresso', 'ingressos')}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
