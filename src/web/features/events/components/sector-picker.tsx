import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { ShoppingCart } from 'lucide-react';
import type { EventDetail, SectorView } from '../../../../shared/schemas/events';
import { formatCentavos } from '../../../../shared/money';
import { MAX_TICKETS_PER_TYPE } from '../../../../shared/order-limits';
import { plural } from '../../../../shared/plural';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { AccessCodeField } from './access-code-field';
import { ticketPriceText } from './price-text';
import { QuantityStepper } from './quantity-stepper';
import { listsEndedLots, offersMeia, sectorSaleBadge, type SaleBadgeTone } from '../lib/sale-badges';

export interface TicketSelection {
  sectorId: string;
  /** Full-price units ('Inteira'). */
  fullQuantity: number;
  /** Half-price units ('Meia-entrada'): the checkout asks each one's category and holder. */
  meiaQuantity: number;
}

interface SectorPickerProps {
  event: EventDetail;
  /** The pre-sale code applied on the page ('Tem um código de acesso?'), or null. */
  accessCode: string | null;
  /** True while the event is asked again with a new code. */
  isCheckingCode: boolean;
  /** Why the last code typed was not applied (too many wrong codes), or null. */
  codeRefusal?: string | null;
  onAccessCodeChange(code: string | null): void;
  /** The quantities shown first (a choice kept while the buyer signed in). */
  initialSelection?: TicketSelection[];
  /** True: buy the chosen quantities at once, as the buy button would (back from signing in). */
  isResuming?: boolean;
  onBuy(selection: TicketSelection[], event: EventDetail): void;
  /** Told each new choice (the sectors with units, within what each can sell now), e.g. to keep it over a reload. */
  onSelectionChange?: (selection: TicketSelection[]) => void;
  /** Shown under a sold-out sector (e.g. its waiting list), or nothing. */
  soldOutAction?: (type: SectorView) => ReactNode;
}

/** Lines of one order (the order schema's `items`): each half-price unit is its own line. */
const MAX_ORDER_LINES = 20;

type Chosen = { full: number; meia: number };
const none: Chosen = { full: 0, meia: 0 };

const isOnSale = (type: SectorView) => type.status === 'on_sale' || type.status === 'selling_out';

/**
 * 'Tipos de ingresso' (docs/screens.md 'Event detail', docs/rules/sale.md 'Sectors and lots'): each sector with its current lot,
 * fee, lots ended and next, its state ('Esgotando', 'Vendas abrem em …'); 'Inteira' and
 * 'Meia-entrada' quantities within the order's limit; the event's meia-entrada counter; the
 * access code of pre-sale sectors; the estimated total and the buy button (the checkout shows
 * the server's quote).
 */
export function SectorPicker({
  event,
  accessCode,
  isCheckingCode,
  codeRefusal = null,
  onAccessCodeChange,
  initialSelection,
  isResuming = false,
  onBuy,
  onSelectionChange,
  soldOutAction,
}: SectorPickerProps) {
  const [chosen, setChosen] = useState<Record<string, Chosen>>(() =>
    Object.fromEntries((initialSelection ?? []).map((line) => [line.sectorId, { full: line.fullQuantity, meia: line.meiaQuantity }])),
  );
  const hasResumed = useRef(false);
  const canBuy = !event.isPast && !event.isCancelled;
  // What is chosen, within what each sector can sell now (the event may have been asked again).
  const lines = event.sectors
    .map((type) => {
      const pick = isOnSale(type) && canBuy ? (chosen[type.id] ?? none) : none;
      const meia = offersMeia(type) ? Math.min(pick.meia, type.meiaAvailable) : 0;
      const full = Math.min(pick.full, type.fullAvailable, Math.max(0, type.remaining - meia));
      return { type, full, meia };
    })
    .filter((line) => line.full + line.meia > 0);
  const count = lines.reduce((sum, line) => sum + line.full + line.meia, 0);
  const orderLines = lines.reduce((sum, line) => sum + (line.full > 0 ? 1 : 0) + line.meia, 0);
  const orderLimit = event.maxTicketsPerOrder ?? Number.POSITIVE_INFINITY;
  const subtotal = lines.reduce((sum, l) => sum + l.full * l.type.priceCentavos + l.meia * l.type.meiaPriceCentavos, 0);
  const fee = lines.reduce((sum, l) => sum + l.full * l.type.feeCentavos + l.meia * l.type.meiaFeeCentavos, 0);
  const isSoldOut = event.sectors.length > 0 && event.sectors.every((type) => type.remaining <= 0);
  const hasUnlocked = event.sectors.some((type) => type.unlockedByCode);

  function choose(type: SectorView, next: Chosen) {
    setChosen((current) => ({ ...current, [type.id]: next }));
  }

  function maxima(type: SectorView): Chosen {
    const mine = lines.find((line) => line.type.id === type.id) ?? { full: 0, meia: 0 };
    const left = orderLimit - count;
    const sectorLeft = Math.min(type.remaining, MAX_TICKETS_PER_TYPE);
    // A sector's first full-price unit adds a line to the order; each half-price unit is one.
    const linesLeft = MAX_ORDER_LINES - orderLines;
    return {
      full: Math.max(
        0,
        Math.min(type.fullAvailable, sectorLeft - mine.meia, mine.full + left, mine.full > 0 || linesLeft > 0 ? Infinity : 0),
      ),
      meia: Math.max(0, Math.min(type.meiaAvailable, sectorLeft - mine.full, mine.meia + left, mine.meia + linesLeft)),
    };
  }

  const selection: TicketSelection[] = lines.map(({ type, full, meia }) => ({
    sectorId: type.id,
    fullQuantity: full,
    meiaQuantity: meia,
  }));
  const selectionKey = JSON.stringify(selection);
  const tellSelection = useEffectEvent(() => onSelectionChange?.(selection));
  useEffect(() => tellSelection(), [selectionKey]);
  // What was kept is bought once, within what each sector can sell now (it may have sold meanwhile).
  const resumeBuy = useEffectEvent(() => onBuy(selection, event));
  useEffect(() => {
    if (!isResuming || hasResumed.current) return;
    hasResumed.current = true;
    resumeBuy();
  }, [isResuming]);

  return (
    <section aria-labelledby="sectors-title" className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="sectors-title" className="text-xl font-bold">
        Tipos de ingresso
      </h2>
      {event.isCancelled ? (
        <p className="mt-3 rounded-xl bg-danger/10 px-3 py-2 text-sm font-medium">Evento cancelado: as vendas foram encerradas.</p>
      ) : event.isPast ? (
        <p className="mt-3 rounded-xl bg-surface px-3 py-2 text-sm font-medium">Vendas encerradas: este evento já aconteceu.</p>
      ) : null}
      {event.sectors.length === 0 ? (
        <p className="mt-3 text-muted">Nenhum ingresso à venda no momento.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border">
          {event.sectors.map((type) => {
            const line = lines.find((l) => l.type.id === type.id);
            return (
              <SectorRow
                key={type.id}
                type={type}
                chosen={line ? { full: line.full, meia: line.meia } : none}
                max={maxima(type)}
                isDisabled={!canBuy}
                onChange={(next) => choose(type, next)}
                soldOutAction={soldOutAction}
              />
            );
          })}
        </ul>
      )}

      {canBuy && event.meia.reserve > 0 ? (
        <p className="mt-4 rounded-xl bg-surface px-3 py-2 text-sm">
          {event.meia.available > 0
            ? `Meia-entrada: ${event.meia.available} de ${event.meia.reserve} disponíveis`
            : 'Cota de meia-entrada esgotada'}
        </p>
      ) : null}

      {canBuy && (event.hasHiddenSectors || accessCode) ? (
        <AccessCodeField
          appliedCode={accessCode}
          isChecking={isCheckingCode}
          isRefused={Boolean(accessCode) && !isCheckingCode && !hasUnlocked}
          refusal={codeRefusal}
          onApply={(code) => onAccessCodeChange(code)}
          onRemove={() => onAccessCodeChange(null)}
        />
      ) : null}

      {count > 0 ? (
        <div className="mt-4 border-t border-border pt-4">
          <ul className="space-y-1 text-sm text-muted">
            {lines.flatMap(({ type, full, meia }) => [
              full > 0 ? (
                <li key={`${type.id}-full`} className="flex justify-between gap-3">
                  <span>
                    {full}x {type.name}
                    {offersMeia(type) ? ' (Inteira)' : ''}
                  </span>
                  <span className="tabular-nums">{formatCentavos(full * type.priceCentavos)}</span>
                </li>
              ) : null,
              meia > 0 ? (
                <li key={`${type.id}-meia`} className="flex justify-between gap-3">
                  <span>
                    {meia}x {type.name} (Meia-entrada)
                  </span>
                  <span className="tabular-nums">{formatCentavos(meia * type.meiaPriceCentavos)}</span>
                </li>
              ) : null,
            ])}
          </ul>
          <dl className="mt-3 space-y-1">
            <div className="flex justify-between gap-3 text-sm">
              <dt className="text-muted">Subtotal</dt>
              <dd className="tabular-nums">{formatCentavos(subtotal)}</dd>
            </div>
            {fee > 0 ? (
              <div className="flex justify-between gap-3 text-sm">
                <dt className="text-muted">Taxa de serviço</dt>
                <dd className="tabular-nums">{formatCentavos(fee)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-3 text-lg font-bold">
              <dt>Total</dt>
              <dd className="tabular-nums">{formatCentavos(subtotal + fee)}</dd>
            </div>
          </dl>
          {count >= orderLimit ? (
            <p className="mt-2 text-xs text-muted">Máximo de {orderLimit} ingressos por pedido neste evento.</p>
          ) : null}
          <Button size="lg" className="mt-4 w-full" onClick={() => onBuy(selection, event)}>
            <ShoppingCart aria-hidden className="size-5" />
            {`Comprar ${plural(count, 'ingresso', 'ingressos')}`}
          </Button>
        </div>
      ) : isSoldOut && canBuy ? (
        <p role="status" className="mt-4 rounded-xl bg-surface px-3 py-2 text-sm font-medium">
          Ingressos esgotados: não há mais ingressos à venda para este evento.
        </p>
      ) : event.sectors.length > 0 && canBuy ? (
        <p className="mt-4 text-sm text-muted">Escolha a quantidade para continuar.</p>
      ) : null}
      {count > 0 ? <PhoneBuyBar count={count} totalCentavos={subtotal + fee} onBuy={() => onBuy(selection, event)} /> : null}
    </section>
  );
}

const ticketCount = (count: number) => (count === 1 ? '1 ingresso' : `${count} ingressos`);

/**
 * On phones (below md) the choice's total and 'Comprar' stay on screen above the tab bar, as
 * the picker's own buy button does below the list. The button is named 'Comprar' alone, apart
 * from the picker's 'Comprar N ingressos'; the total describes it.
 */
function PhoneBuyBar({ count, totalCentavos, onBuy }: { count: number; totalCentavos: number; onBuy(): void }) {
  const { isAdmin } = useSession();
  return (
    <div
      data-buy-bar
      className={cn(
        'fixed inset-x-0 z-40 border-t border-border bg-card/95 px-4 py-3 shadow-[0_-6px_16px_-10px_rgb(0_0_0/0.35)] backdrop-blur md:hidden',
        // The tab bar (app/layouts/bottom-tabs.tsx: h-16 plus its border and the safe area) is
        // not shown to admins.
        isAdmin ? 'bottom-0 pb-[calc(0.75rem+env(safe-area-inset-bottom))]' : 'bottom-[calc(4rem+1px+env(safe-area-inset-bottom))]',
      )}
    >
      <div className="mx-auto flex max-w-md items-center justify-between gap-3">
        <p id="buy-bar-total" className="min-w-0 text-sm leading-tight">
          <span className="block text-muted">{ticketCount(count)}</span>
          <span className="sr-only"> · </span>
          <span className="block text-lg font-bold tabular-nums">{formatCentavos(totalCentavos)}</span>
        </p>
        <Button size="lg" className="shrink-0 px-8" aria-describedby="buy-bar-total" onClick={onBuy}>
          Comprar
        </Button>
      </div>
    </div>
  );
}

interface SectorRowProps {
  type: SectorView;
  chosen: Chosen;
  max: Chosen;
  isDisabled: boolean;
  onChange(chosen: Chosen): void;
  soldOutAction?: (type: SectorView) => ReactNode;
}

const toneClass: Record<SaleBadgeTone, string> = {
  danger: 'text-danger',
  warning: 'text-amber-800 dark:text-amber-300',
  muted: 'text-muted',
};

function SectorRow({ type, chosen, max, isDisabled, onChange, soldOutAction }: SectorRowProps) {
  const canChoose = isOnSale(type) && !isDisabled;
  const hasMeia = offersMeia(type);
  const status = sectorSaleBadge(type);
  const endedLots = listsEndedLots(type) ? type.lots.filter((lot) => lot.state === 'ended') : [];
  // A sector that has not opened or has closed shows when instead of a quantity; sold out keeps its (disabled) stepper.
  const showsStepper = type.status !== 'not_open' && type.status !== 'closed';

  const fullStepper = (
    <QuantityStepper
      name={hasMeia ? `${type.name} (Inteira)` : type.name}
      value={chosen.full}
      max={max.full}
      isDisabled={!canChoose || type.fullAvailable <= 0}
      onChange={(full) => onChange({ ...chosen, full })}
    />
  );

  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold [overflow-wrap:anywhere]">
            {type.name}
            {type.unlockedByCode ? <Badge tone="accent">Pré-venda</Badge> : null}
          </h3>
          <p className="mt-0.5">
            {type.lotName ? <span className="text-sm text-muted">{type.lotName} · </span> : null}
            <span className="text-lg font-bold whitespace-nowrap tabular-nums">{ticketPriceText(type.priceCentavos)}</span>
            {type.feeCentavos > 0 ? (
              <>
                {' '}
                <span className="text-sm whitespace-nowrap text-muted tabular-nums">+ {formatCentavos(type.feeCentavos)} de taxa</span>
              </>
            ) : null}
          </p>
          {type.description ? <p className="mt-0.5 text-sm text-muted">{type.description}</p> : null}
          {status ? <p className={cn('mt-1 text-xs font-semibold', toneClass[status.tone])}>{status.text}</p> : null}
          {type.nextLot && type.status !== 'sold_out' && type.status !== 'closed' ? (
            <p className="mt-1 text-xs text-muted">
              Próximo lote: <span className="tabular-nums">{formatCentavos(type.nextLot.priceCentavos)}</span>
            </p>
          ) : null}
          {endedLots.length > 0 ? (
            <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted" aria-label={`Lotes encerrados de ${type.name}`}>
              {endedLots.map((lot) => (
                <li key={lot.name}>
                  {lot.name} · <s className="tabular-nums">{formatCentavos(lot.priceCentavos)}</s> · Esgotado
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {hasMeia || !showsStepper ? null : <div className="shrink-0">{fullStepper}</div>}
      </div>
      {/* Nothing left on sale ('Esgotado', or 'Esgotando' while the last units wait for payment). */}
      {(type.status === 'sold_out' || type.status === 'selling_out') && soldOutAction ? (
        <div className="mt-3">{soldOutAction(type)}</div>
      ) : null}
      {hasMeia ? (
        <div className="mt-3 space-y-2">
          <QuantityChoice
            label="Inteira"
            priceCentavos={type.priceCentavos}
            feeCentavos={type.feeCentavos}
            note={canChoose && type.fullAvailable <= 0 ? 'Esgotada' : null}
          >
            {fullStepper}
          </QuantityChoice>
          <QuantityChoice label="Meia-entrada" priceCentavos={type.meiaPriceCentavos} feeCentavos={type.meiaFeeCentavos} note={null}>
            <QuantityStepper
              name={`${type.name} (Meia-entrada)`}
              value={chosen.meia}
              max={max.meia}
              isDisabled={!canChoose}
              onChange={(meia) => onChange({ ...chosen, meia })}
            />
          </QuantityChoice>
        </div>
      ) : null}
    </li>
  );
}

function QuantityChoice({
  label,
  priceCentavos,
  feeCentavos,
  note,
  children,
}: {
  label: string;
  priceCentavos: number;
  feeCentavos: number;
  note: string | null;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-surface/60 py-2 pr-2 pl-3">
      <div className="min-w-0">
        <p className="text-sm font-semibold">
          {label}
          {note ? <span className="ml-2 text-xs font-semibold text-danger">{note}</span> : null}
        </p>
        {/* 'R$ 80,00 + R$ 8,00 de taxa': the fee breaks to its own line as a whole on a narrow phone. */}
        <p className="text-xs text-muted tabular-nums">
          <span className="whitespace-nowrap">{ticketPriceText(priceCentavos)}</span>
          {feeCentavos > 0 ? (
            <>
              {' '}
              <span className="whitespace-nowrap">+ {formatCentavos(feeCentavos)} de taxa</span>
            </>
          ) : null}
        </p>
      </div>
      <div className="shrink-0">{children}</div>
    </div>
  );
}
