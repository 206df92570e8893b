import { useState } from 'react';
import { Minus, Plus } from 'lucide-react';
import { concessionDocumentLabel, concessionLabel, concessions, type Concession } from '../../../../shared/concessions';
import { formatCpf } from '../../../../shared/cpf';
import { formatCentavos, parseReaisToCentavos } from '../../../../shared/money';
import { formatClockTime, formatInstant } from '../../../../shared/dates';
import { boxOfficeMeiaSchema, type BoxOfficeMeia, type BoxOfficePayment } from '../../../../shared/schemas/box-office';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { CashInput } from './cash-input';
import { cn } from '../../../lib/cn';
import { BLOCK_FULL_PRICE_EXHAUSTED, blockUnitsLeft, priceBlockSale } from '../../../../shared/block-pricing';
import type { LocalBlock } from '../lib/offline-store';
import type { SaleDraft } from '../lib/use-box-office';
import { useSingleFlight } from '../../../lib/use-single-flight';

const CARD_BRANDS = ['Visa', 'Mastercard', 'Elo', 'American Express', 'Hipercard'] as const;

type MeiaRow = { concession: Concession; name: string; cpf: string; documentNumber: string; birthDate: string };
const emptyMeia = (): MeiaRow => ({ concession: 'student', name: '', cpf: '', documentNumber: '', birthDate: '' });

/** What a block on this device may still sell: units in all, and full-price or courtesy units (the rest is kept for meia). */
function unitsLeftOf(local: LocalBlock): { left: number; fullLeft: number } {
  return blockUnitsLeft({ ...local.block, used: local.sold, meiaSold: local.meiaSold ?? local.block.meiaSold });
}

/** 'Pista · R$ 100,00 · 8 no bloco (2 só meia)': the next unit's full price and what is left. */
function blockOptionLabel(local: LocalBlock): string {
  const { left, fullLeft } = unitsLeftOf(local);
  const next =
    priceBlockSale(local.block.lots, local.sold, { full: 1, meia: 0, courtesy: 0 })?.totalCentavos ?? local.block.unitPriceCentavos;
  const onlyMeia = left - fullLeft;
  return `${local.block.sectorName} · ${formatCentavos(next)} · ${left} no bloco${onlyMeia > 0 ? ` (${onlyMeia} só meia)` : ''}`;
}

/** Under the sector, where the select's closed label runs out of room on a phone: how many of the block's units are for meia only. */
function onlyMeiaNote(left: number, onlyMeia: number): string | null {
  if (onlyMeia <= 0) return null;
  if (onlyMeia === left)
    return left === 1 ? 'O último ingresso do bloco é só para meia-entrada.' : `Os ${left} ingressos do bloco são só para meia-entrada.`;
  return `${onlyMeia} dos ${left} ingressos do bloco ${onlyMeia === 1 ? 'é' : 'são'} só para meia-entrada.`;
}

/** A '−  n  +' control with big touch targets. */
function Stepper({ label, value, max, onChange }: { label: string; value: number; max: number; onChange: (value: number) => void }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-border bg-card p-3">
      <span className="font-semibold">{label}</span>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label={`Menos ${label.toLowerCase()}`}
          disabled={value === 0}
          onClick={() => onChange(value - 1)}
        >
          <Minus aria-hidden className="size-5" />
        </Button>
        <output aria-label={`Quantidade de ${label.toLowerCase()}`} className="w-8 text-center text-xl font-bold tabular-nums">
          {value}
        </output>
        <Button
          variant="outline"
          size="icon"
          aria-label={`Mais ${label.toLowerCase()}`}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          <Plus aria-hidden className="size-5" />
        </Button>
      </div>
    </div>
  );
}

/**
 * The sale: sector (one of this device's blocks), inteira, meia (each with category, holder, CPF
 * and document, as Lei 12.933/2013 asks), cortesia (only with a courtesy quota), then the payment:
 * cash with the change computed ('Troco: R$ 12,00'), card machine (NSU and brand) or PIX (online
 * only). Two ways to finish: admit at once, or show the QR codes. The server weighs a sale
 * against the event's door at the device's time: admitting only while the door is open
 * (`doorOpensAt` on), selling nothing after it closed (`doorClosesAt`); the form says so ahead.
 */
export function SaleForm({
  blocks,
  meiaEntrada,
  courtesiesLeft,
  doorOpensAt,
  doorClosesAt,
  isOnline,
  onSell,
}: {
  blocks: LocalBlock[];
  meiaEntrada: boolean;
  courtesiesLeft: number | null;
  /** The event's door window, UTC ISO 8601. */
  doorOpensAt: string;
  doorClosesAt: string;
  isOnline: boolean;
  onSell: (draft: SaleDraft) => Promise<void>;
}) {
  const [blockId, setBlockId] = useState(blocks[0]?.block.id ?? '');
  const [full, setFull] = useState(0);
  const [meia, setMeia] = useState<MeiaRow[]>([]);
  const [courtesy, setCourtesy] = useState(0);
  const [method, setMethod] = useState<BoxOfficePayment['method']>('cash');
  const [tendered, setTendered] = useState('');
  const [nsu, setNsu] = useState('');
  const [brand, setBrand] = useState<string>(CARD_BRANDS[0]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setBusy] = useState(false);
  // One sale per tap: a second tap while the first is recorded does nothing (a ref, not the render of isBusy).
  const selling = useSingleFlight();

  const local = blocks.find((b) => b.block.id === blockId) ?? blocks[0];
  const nowMs = Date.now();
  if (nowMs >= Date.parse(doorClosesAt)) {
    return (
      <p role="status" className="rounded-xl border border-border bg-card p-4 text-muted">
        O evento terminou às {formatClockTime(doorClosesAt)}: a bilheteria não vende mais para ele.
      </p>
    );
  }
  const doorOpen = nowMs >= Date.parse(doorOpensAt);
  if (!local)
    return <p className="rounded-xl border border-border bg-card p-4 text-muted">Reserve um bloco de ingressos para começar a vender.</p>;
  const { left, fullLeft } = unitsLeftOf(local);
  const meiaNote = onlyMeiaNote(left, left - fullLeft);
  const units = full + meia.length + courtesy;
  const total = priceBlockSale(local.block.lots, local.sold, { full, meia: meia.length, courtesy })?.totalCentavos ?? 0;
  const tenderedCentavos = parseReaisToCentavos(tendered);
  const change = tenderedCentavos === null ? null : tenderedCentavos - total;

  function setMeiaCount(count: number) {
    setMeia((rows) => (count > rows.length ? [...rows, emptyMeia()] : rows.slice(0, count)));
  }

  function updateMeia(index: number, patch: Partial<MeiaRow>) {
    setMeia((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  }

  const submit = (admit: boolean) => selling.run(() => sell(admit));

  async function sell(admit: boolean) {
    const found: Record<string, string> = {};
    const parsedMeia: BoxOfficeMeia[] = [];
    meia.forEach((row, i) => {
      const parsed = boxOfficeMeiaSchema.safeParse({
        concession: row.concession,
        name: row.name,
        cpf: row.cpf,
        documentNumber: row.documentNumber || undefined,
        birthDate: row.birthDate || undefined,
      });
      if (parsed.success) parsedMeia.push(parsed.data);
      else for (const issue of parsed.error.issues) found[`meia.${i}.${String(issue.path[0])}`] ??= issue.message;
    });
    if (units === 0) found.units = 'Selecione pelo menos um ingresso';
    if (units > left) found.units = 'Venda além do bloco deste aparelho: não há ingressos suficientes nele. Reserve outro bloco.';
    else if (full + courtesy > fullLeft) found.units = BLOCK_FULL_PRICE_EXHAUSTED;
    let payment: BoxOfficePayment;
    if (method === 'cash') {
      if (tenderedCentavos === null || tenderedCentavos < total) found.tendered = 'O valor recebido em dinheiro é menor que o total.';
      payment = { method: 'cash', cashTenderedCentavos: tenderedCentavos ?? 0 };
    } else if (method === 'card_machine') {
      if (!nsu.trim()) found.nsu = 'Informe o NSU do comprovante';
      payment = { method: 'card_machine', cardNsu: nsu.trim(), cardBrand: brand };
    } else {
      payment = { method: 'pix' };
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSell({ blockId: local.block.id, full, meia: parsedMeia, courtesy, payment, admit });
      setFull(0);
      setMeia([]);
      setCourtesy(0);
      setTendered('');
      setNsu('');
    } finally {
      setBusy(false);
    }
  }

  const methods: { id: BoxOfficePayment['method']; label: string; disabled?: boolean }[] = [
    { id: 'cash', label: 'Dinheiro' },
    { id: 'card_machine', label: 'Maquininha' },
    { id: 'pix', label: 'PIX', disabled: !isOnline },
  ];

  return (
    <section aria-labelledby="venda" className="space-y-4">
      <h2 id="venda" className="text-lg font-bold">
        Nova venda
      </h2>
      <div>
        <Label htmlFor="bo-sector">Setor</Label>
        <select
          id="bo-sector"
          className="h-12 w-full rounded-xl border border-border bg-card px-3 text-base"
          value={local.block.id}
          aria-describedby={meiaNote ? 'bo-sector-note' : undefined}
          onChange={(e) => setBlockId(e.target.value)}
        >
          {blocks.map((b) => (
            <option key={b.block.id} value={b.block.id}>
              {blockOptionLabel(b)}
            </option>
          ))}
        </select>
        {meiaNote ? (
          <p id="bo-sector-note" className="mt-1 text-sm text-muted">
            {meiaNote}
          </p>
        ) : null}
      </div>

      <Stepper label="Inteira" value={full} max={Math.min(fullLeft - courtesy, left - meia.length - courtesy)} onChange={setFull} />
      {meiaEntrada ? <Stepper label="Meia" value={meia.length} max={left - full - courtesy} onChange={setMeiaCount} /> : null}
      {meia.map((row, i) => {
        const docLabel = concessionDocumentLabel[row.concession];
        const id = (field: string) => `bo-meia-${i}-${field}`;
        const error = (field: string) => errors[`meia.${i}.${field}`];
        return (
          <fieldset key={i} className="space-y-3 rounded-xl border border-border bg-surface p-3">
            <legend className="px-1 text-sm font-semibold">Meia-entrada {i + 1}</legend>
            <div>
              <Label htmlFor={id('concession')}>Categoria</Label>
              <select
                id={id('concession')}
                className="h-12 w-full rounded-xl border border-border bg-card px-3 text-base"
                value={row.concession}
                onChange={(e) => updateMeia(i, { concession: e.target.value as Concession })}
              >
                {concessions.map((c) => (
                  <option key={c} value={c}>
                    {concessionLabel[c]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <Label htmlFor={id('name')}>Nome de quem vai usar</Label>
              <Input
                id={id('name')}
                value={row.name}
                aria-invalid={!!error('name')}
                onChange={(e) => updateMeia(i, { name: e.target.value })}
              />
              <FieldError id={`${id('name')}-error`} message={error('name')} />
            </div>
            <div>
              <Label htmlFor={id('cpf')}>CPF</Label>
              <Input
                id={id('cpf')}
                inputMode="numeric"
                placeholder="000.000.000-00"
                value={row.cpf}
                aria-invalid={!!error('cpf')}
                onChange={(e) => updateMeia(i, { cpf: formatCpf(e.target.value) })}
              />
              <FieldError id={`${id('cpf')}-error`} message={error('cpf')} />
            </div>
            {docLabel ? (
              <div>
                <Label htmlFor={id('documentNumber')}>{docLabel}</Label>
                <Input
                  id={id('documentNumber')}
                  value={row.documentNumber}
                  aria-invalid={!!error('documentNumber')}
                  onChange={(e) => updateMeia(i, { documentNumber: e.target.value })}
                />
                <FieldError id={`${id('documentNumber')}-error`} message={error('documentNumber')} />
              </div>
            ) : null}
            {row.concession === 'senior' ? (
              <div>
                <Label htmlFor={id('birthDate')}>Data de nascimento</Label>
                <Input
                  id={id('birthDate')}
                  type="date"
                  value={row.birthDate}
                  aria-invalid={!!error('birthDate')}
                  onChange={(e) => updateMeia(i, { birthDate: e.target.value })}
                />
                <FieldError id={`${id('birthDate')}-error`} message={error('birthDate')} />
              </div>
            ) : null}
          </fieldset>
        );
      })}
      {courtesiesLeft !== null && courtesiesLeft > 0 ? (
        <Stepper
          label="Cortesia"
          value={courtesy}
          max={Math.min(courtesiesLeft, fullLeft - full, left - full - meia.length)}
          onChange={setCourtesy}
        />
      ) : null}
      <FieldError id="bo-units-error" message={errors.units} />

      <p className="flex items-baseline justify-between rounded-xl bg-surface p-3 text-lg">
        <span>Total</span>
        <strong className="text-2xl tabular-nums" data-testid="sale-total">
          {formatCentavos(total)}
        </strong>
      </p>

      <div role="radiogroup" aria-label="Forma de pagamento" className="grid grid-cols-3 gap-2">
        {methods.map((m) => (
          <button
            key={m.id}
            type="button"
            role="radio"
            aria-checked={method === m.id}
            disabled={m.disabled}
            onClick={() => setMethod(m.id)}
            className={cn(
              'h-14 rounded-xl border px-1 text-sm font-semibold disabled:opacity-50 sm:text-base',
              method === m.id ? 'border-accent bg-accent text-accent-foreground' : 'border-border bg-card',
            )}
          >
            {m.label}
          </button>
        ))}
      </div>
      {!isOnline ? <p className="text-sm text-muted">Sem internet: PIX indisponível. Dinheiro e maquininha seguem funcionando.</p> : null}

      {method === 'cash' ? (
        <div>
          <Label htmlFor="bo-tendered">Valor recebido</Label>
          <CashInput id="bo-tendered" value={tendered} error={errors.tendered} onChange={setTendered} />
          <FieldError id="bo-tendered-error" message={errors.tendered} />
          {change !== null && change >= 0 ? (
            <p className="mt-2 text-2xl font-bold text-success" aria-live="polite">
              Troco: {formatCentavos(change)}
            </p>
          ) : null}
        </div>
      ) : null}
      {method === 'card_machine' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <Label htmlFor="bo-nsu">NSU do comprovante</Label>
            <Input id="bo-nsu" inputMode="numeric" value={nsu} aria-invalid={!!errors.nsu} onChange={(e) => setNsu(e.target.value)} />
            <FieldError id="bo-nsu-error" message={errors.nsu} />
          </div>
          <div>
            <Label htmlFor="bo-brand">Bandeira</Label>
            <select
              id="bo-brand"
              className="h-11 w-full rounded-xl border border-border bg-card px-3 text-base"
              value={brand}
              onChange={(e) => setBrand(e.target.value)}
            >
              {CARD_BRANDS.map((b) => (
                <option key={b}>{b}</option>
              ))}
            </select>
          </div>
        </div>
      ) : null}

      {doorOpen ? null : (
        <p id="bo-door-note" className="text-sm text-muted">
          A portaria abre em {formatInstant(doorOpensAt)}: até lá, a bilheteria vende sem admitir a entrada.
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        <Button
          size="lg"
          className="h-14"
          disabled={isBusy || !doorOpen}
          aria-describedby={doorOpen ? undefined : 'bo-door-note'}
          onClick={() => void submit(true)}
        >
          {method === 'pix' ? 'Gerar PIX e admitir' : 'Receber e admitir'}
        </Button>
        <Button size="lg" variant="secondary" className="h-14" disabled={isBusy} onClick={() => void submit(false)}>
          {method === 'pix' ? 'Gerar PIX e mostrar QR' : 'Receber e mostrar QR'}
        </Button>
      </div>
    </section>
  );
}
