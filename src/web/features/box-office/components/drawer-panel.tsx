import { useState } from 'react';
import { toast } from 'sonner';
import { formatCentavos, parseReaisToCentavos } from '../../../../shared/money';
import type { CashDrawerView } from '../../../../shared/schemas/box-office';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';

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
        <Input
          id="bo-float"
          inputMode="decimal"
          placeholder="R$ 0,00"
          value={text}
          aria-invalid={!!error}
          onChange={(e) => setText(e.target.value)}
        />
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
 * 'Sangria' and the close counted, whose answer shows expected, counted and difference.
 */
export function DrawerPanel({
  drawer,
  queuedCash,
  isOnline,
  onWithdraw,
  onClose,
}: {
  drawer: CashDrawerView;
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

  async function close() {
    const centavos = parseReaisToCentavos(counted);
    if (centavos === null) return setErrors({ counted: 'Informe o valor contado no caixa: zero ou mais.' });
    setErrors({});
    try {
      setClosed(await onClose(centavos));
    } catch (e) {
      setErrors({ counted: messageOf(e) });
    }
  }

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
          {formatCentavos(drawer.expectedCentavos + queuedCash)}
        </dd>
      </dl>
      <div className="space-y-2">
        <Label htmlFor="bo-withdrawal">Sangria (retirada)</Label>
        <Input
          id="bo-withdrawal"
          inputMode="decimal"
          placeholder="R$ 0,00"
          value={withdrawal}
          aria-invalid={!!errors.withdrawal}
          onChange={(e) => setWithdrawal(e.target.value)}
        />
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
        <Input
          id="bo-counted"
          inputMode="decimal"
          placeholder="R$ 0,00"
          value={counted}
          aria-invalid={!!errors.counted}
          onChange={(e) => setCounted(e.target.value)}
        />
        <FieldError id="bo-counted-error" message={errors.counted} />
        <Button variant="danger" className="h-12 w-full" disabled={!isOnline} onClick={() => void close()}>
          Fechar caixa
        </Button>
      </div>
      {!isOnline ? <p className="text-sm text-muted">Sangria e fechamento pedem internet.</p> : null}
    </section>
  );
}
