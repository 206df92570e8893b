import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Ban, CalendarDays } from 'lucide-react';
import { toast } from 'sonner';
import type { EventDetail as EventDetailData } from '../../../../shared/schemas/events';
import { categoryLabel } from '../../../../shared/brands';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useEvent } from '../api/get-event';
import { useFavoriteIds } from '../api/list-favorites';
import { useToggleFavorite } from '../api/toggle-favorite';
import { brandStyle } from '../../../lib/brand';
import { EventAbout } from './event-about';
import { AddToCalendarMenu, ShareMenu } from './event-actions';
import { EventDetailSkeleton } from './event-detail-skeleton';
import { EventImage } from './event-image';
import { EventLocationCard } from './event-location-card';
import { EventAgeRating, EventLegalInfo } from './event-legal-info';
import { EventNotFound } from './event-not-found';
import { FavoriteButton } from './favorite-button';
import { eventPriceText } from './price-text';
import { eventSoldOutWord } from '../lib/sale-badges';
import { formatCentavos } from '../../../../shared/money';
import { SectorPicker, type TicketSelection } from './sector-picker';
import { EventSessions } from './event-sessions';
import { BackButton } from '../../../components/back-button';
import { whenWhereParts } from '../lib/when-where';

export type { TicketSelection } from './sector-picker';

/** A choice made before (kept while the buyer signed in): its quantities and the access code typed. */
export interface KeptSelection {
  selection: TicketSelection[];
  accessCode: string | null;
}

interface EventDetailProps {
  /** `accessCode`: the pre-sale code that unlocked a sector of the selection, sent with the order. */
  onBuy(selection: TicketSelection[], event: EventDetailData, accessCode: string | null): void;
  /** Shown under the title: e.g. the on-sale's waiting room. */
  notice?: ReactNode;
  /** Shown as the page's first choice (quantities and access code), or null. */
  kept?: KeptSelection | null;
  /** True: hand the kept choice to `onBuy` once the event is shown (back from signing in). */
  isResuming?: boolean;
  /** Shown under a sold-out sector: e.g. its waiting list ('Entrar na lista de espera'). */
  soldOutAction?: (type: EventDetailData['sectors'][number]) => ReactNode;
  /**
   * Told each new choice: the quantities, or the pre-sale code once it unlocked a sector (null once
   * removed or refused), e.g. to keep them over a reload.
   */
  onChoiceChange?: (change: Partial<KeptSelection>) => void;
}

/** The event page of /event/:id (docs/screens.md 'Event detail'); buying is handed to `onBuy`. */
export function EventDetail({ onBuy, notice = null, kept = null, isResuming = false, soldOutAction, onChoiceChange }: EventDetailProps) {
  const { id = '' } = useParams();
  const [accessCode, setAccessCode] = useState<string | null>(kept?.accessCode ?? null);
  // Why the last code was not applied: too many wrong codes, tried again later (the server's words).
  const [codeRefusal, setCodeRefusal] = useState<string | null>(null);
  const { data: event, isPending, isError, error, refetch, isPlaceholderData } = useEvent(id, accessCode);
  const isNotFound = error instanceof ApiError && error.status === 404;
  const isCodeThrottled = accessCode !== null && error instanceof ApiError && error.code === 'access_code_throttled';

  useEffect(() => {
    if (isError && !isNotFound && !isCodeThrottled) toast.error('Erro ao carregar evento', { id: 'event-load-error' });
  }, [isError, isNotFound, isCodeThrottled]);

  // A throttled code is dropped: the page shows the event as it was, the field says when to try again.
  useEffect(() => {
    if (!isCodeThrottled) return;
    setCodeRefusal(error.message);
    setAccessCode(null);
  }, [isCodeThrottled, error]);
  // So is a code that unlocked nothing: it is not asked again (each wrong code counts against the fan).
  const isCodeRefused =
    accessCode !== null && event !== undefined && !isPlaceholderData && !event.sectors.some((type) => type.unlockedByCode);
  useEffect(() => {
    if (!isCodeRefused) return;
    setCodeRefusal('Código de acesso inválido para este evento');
    setAccessCode(null);
  }, [isCodeRefused]);

  // The code is kept once it unlocked a sector, and forgotten once removed or refused.
  const isCodeApplied = accessCode !== null && event !== undefined && !isPlaceholderData && !isCodeRefused;
  const tellCode = useEffectEvent((code: string | null) => onChoiceChange?.({ accessCode: code }));
  useEffect(() => {
    if (accessCode === null) tellCode(null);
    else if (isCodeApplied) tellCode(accessCode);
  }, [accessCode, isCodeApplied]);

  function changeCode(code: string | null) {
    setCodeRefusal(null);
    setAccessCode(code);
  }

  // The event last shown stays on screen while a throttled code is dropped (a render, no flash).
  const shown = useRef<EventDetailData | undefined>(undefined);
  if (event) shown.current = event;
  const onScreen = event ?? (isCodeThrottled ? shown.current : undefined);

  if (!onScreen && (isPending || isCodeThrottled)) return <EventDetailSkeleton />;
  if (!onScreen) return <EventNotFound onRetry={isNotFound ? undefined : () => void refetch()} />;
  return (
    <EventDetailView
      key={onScreen.id}
      event={onScreen}
      accessCode={accessCode}
      isCheckingCode={accessCode !== null && isPlaceholderData}
      codeRefusal={codeRefusal}
      onAccessCodeChange={changeCode}
      onBuy={onBuy}
      notice={notice}
      kept={kept}
      isResuming={isResuming}
      soldOutAction={soldOutAction}
      onChoiceChange={onChoiceChange}
    />
  );
}

interface EventDetailViewProps extends EventDetailProps {
  event: EventDetailData;
  accessCode: string | null;
  isCheckingCode: boolean;
  /** Why the last code typed was not applied (shown under the field), or null. */
  codeRefusal: string | null;
  onAccessCodeChange(code: string | null): void;
}

function EventDetailView({
  event,
  accessCode,
  isCheckingCode,
  codeRefusal,
  onAccessCodeChange,
  onBuy,
  notice,
  kept,
  isResuming,
  soldOutAction,
  onChoiceChange,
}: EventDetailViewProps) {
  const favorites = useFavoriteIds();
  const { toggle, pendingEventId } = useToggleFavorite();
  const isFavorite = favorites.ids.has(event.id);

  return (
    // While the phone's buy bar shows (sector-picker.tsx), the page's end stays above it.
    <article className="max-md:has-[[data-buy-bar]]:pb-[calc(5rem+env(safe-area-inset-bottom))]">
      <title>{`${event.title} - Next Level`}</title>
      <BackButton fallback="/events" />
      {/* Lower on wide screens, so a 1280x800 desktop shows the ticket picker's start above the fold. */}
      <div className="mt-3 aspect-[16/9] overflow-hidden rounded-3xl bg-surface md:aspect-[21/8] lg:aspect-[5/1]">
        <EventImage event={event} width={1280} height={560} isPriority />
      </div>

      <header className="mt-6 flex items-start justify-between gap-4">
        <div className="min-w-0">
          <span className={cn('inline-flex rounded-full px-3 py-1 text-xs font-bold text-white', brandStyle(event.brandSlug).solid)}>
            {event.brandSlug ? brandStyle(event.brandSlug).name : categoryLabel(event.category)}
          </span>
          <h1 className="mt-3 text-2xl leading-tight font-black tracking-tight text-balance hyphens-auto [overflow-wrap:anywhere] sm:text-4xl">
            {event.title}
          </h1>
          <p className="mt-2 flex items-start gap-1.5 font-medium text-fg/85 [overflow-wrap:anywhere] sm:text-lg">
            <CalendarDays aria-hidden className="mt-[3px] size-4 shrink-0 text-accent sm:mt-1 sm:size-[18px]" />
            <WhenWhere event={event} />
          </p>
          <PriceTag event={event} className="mt-1 text-lg" />
          <EventAgeRating event={event} className="mt-3" />
        </div>
        <FavoriteButton
          eventTitle={event.title}
          isFavorite={isFavorite}
          isPending={!favorites.isKnown || pendingEventId === event.id}
          onToggle={() => toggle(event.id, isFavorite)}
          className="mt-1 shrink-0 border border-border shadow-none"
        />
      </header>

      {event.isCancelled ? (
        <section aria-labelledby="event-cancelled-title" className="mt-4 flex gap-3 rounded-2xl border border-danger/40 bg-danger/10 p-4">
          <Ban aria-hidden className="mt-0.5 size-5 shrink-0 text-danger" />
          <div>
            <h2 id="event-cancelled-title" className="font-bold">
              Evento cancelado
            </h2>
            <p className="mt-0.5 text-sm">
              O organizador cancelou este evento e as vendas foram encerradas. Quem comprou ingressos recebe o reembolso automaticamente,
              pela mesma forma de pagamento.
            </p>
          </div>
        </section>
      ) : null}

      {event.isCancelled ? null : notice}

      <div className="mt-4 flex flex-wrap items-center gap-2">
        {event.isCancelled ? null : <AddToCalendarMenu event={event} />}
        <ShareMenu event={event} />
      </div>

      <EventSessions eventId={event.id} />

      {/* The sectors come before the description: on phones they are what people scroll for. */}
      <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
        <div id="ingressos" className="min-w-0 scroll-mt-24 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <SectorPicker
            event={event}
            accessCode={accessCode}
            isCheckingCode={isCheckingCode}
            codeRefusal={codeRefusal}
            onAccessCodeChange={onAccessCodeChange}
            initialSelection={kept?.selection}
            isResuming={isResuming && !isCheckingCode}
            soldOutAction={event.isCancelled || event.isPast ? undefined : soldOutAction}
            onSelectionChange={(selection) => onChoiceChange?.({ selection })}
            onBuy={(selection, chosenEvent) => {
              const unlocks = chosenEvent.sectors.some((t) => t.unlockedByCode && selection.some((s) => s.sectorId === t.id));
              onBuy(selection, chosenEvent, unlocks ? accessCode : null);
            }}
          />
        </div>
        <EventAbout event={event} className="lg:col-start-1 lg:row-start-1" />
        <EventLocationCard event={event} className="lg:col-start-1 lg:row-start-2" />
        <EventLegalInfo event={event} className="lg:col-start-1 lg:row-start-3" />
      </div>
    </article>
  );
}

/** The real lowest price of the event ('A partir de R$ 80,00', 'Gratuito', 'Esgotado'; docs/rules/events.md 'Card prices'). */
function PriceTag({ event, className }: { event: EventDetailData; className?: string }) {
  // The fee passed on shows beside the lowest price (docs/rules/sale.md 'The service fee': from the first price).
  const lowest = event.sectors.find((t) => t.priceCentavos === event.lowestPriceCentavos && t.feeCentavos > 0);
  // 'Esgotando' rather than 'Esgotado' while a sector's last units wait for payment, as its card says.
  const price = eventSoldOutWord(event) ?? eventPriceText(event);
  if (!price || event.isPast || event.isCancelled) return null;
  return (
    <p
      className={cn(
        'font-bold',
        price === 'Esgotando' ? 'text-amber-800 dark:text-amber-300' : event.isSoldOut && 'text-danger',
        className,
      )}
    >
      {lowest && !event.isSoldOut ? (
        // Price and fee each stay whole when the line breaks on a narrow phone.
        <>
          <span className="whitespace-nowrap">A partir de {formatCentavos(lowest.priceCentavos)}</span>{' '}
          <span className="whitespace-nowrap">+ {formatCentavos(lowest.feeCentavos)} de taxa</span>
        </>
      ) : (
        price
      )}
    </p>
  );
}

/**
 * 'sáb., 28 de nov. · 22:00 · Cine Joia, São Paulo': a break falls between the day, the time (a night's
 * '00:30 (madrugada de sexta)') and the venue, never inside the day or the time.
 */
function WhenWhere({ event }: { event: EventDetailData }) {
  const { day, time, where } = whenWhereParts(event, new Date());
  return (
    <span>
      <span className="whitespace-nowrap">{day} ·</span> <span className="whitespace-nowrap">{time} ·</span>{' '}
      <span className="inline-block max-w-full">{where}</span>
    </span>
  );
}
