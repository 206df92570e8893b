import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Heart, SlidersHorizontal } from 'lucide-react';
import { toast } from 'sonner';
import type { BrandSlug } from '../../../../shared/schemas/events';
import { saoPauloToday } from '../../../../shared/dates';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';
import { cn } from '../../../lib/cn';
import { listEventsQueryOptions, useEvents } from '../api/list-events';
import { brandOrder, brandStyles } from '../../../lib/brand';
import { AdvancedFilters } from '../components/advanced-filters';
import { EventGrid, EventGridLoading, PastEventsSection } from '../components/event-grid';
import { FilterChip } from '../components/filter-chip';
import { NearbyChip } from '../components/nearby-chip';
import { useNearbySort } from '../lib/nearby';
import { SearchField } from '../../../components/search-field';
import { advancedFilterKeys, countAdvancedFilters, hasActiveFilters, readEventFilters, type EventFilters } from '../event-filters';
import { EventsLoadError } from '../components/events-load-error';

const PANEL_ID = 'filtros-avancados';

// Read from the address bar, not from the last render: two quick changes (a city, then a price)
// must not lose the first one while the page has not re-rendered yet.
const currentParams = () => new URLSearchParams(window.location.search);

/** /events: 'Todos os eventos' with search, brand chips, favourites and the advanced filters, all in the URL. */
export function EventsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { user, isLoading: isSessionLoading } = useSession();
  const nearby = useNearbySort();
  const filters = readEventFilters(params);
  const query: EventFilters = user ? filters : { ...filters, favorites: undefined };
  // Asking for favourites before the session is known would flash the whole catalogue.
  const { data, isPending, isError, isPlaceholderData, refetch } = useEvents(query, { enabled: !(filters.favorites && isSessionLoading) });
  const advancedCount = countAdvancedFilters(filters);
  const [isPanelOpen, setPanelOpen] = useState(advancedCount > 0);
  const [isDatePickerOpen, setDatePickerOpen] = useState(false);
  const today = saoPauloToday(new Date());

  // The calendar marks the days that have events under the other filters.
  const dayQuery = useQuery({ ...listEventsQueryOptions({ ...query, date: undefined }), enabled: isDatePickerOpen });
  const eventDays = useMemo(() => new Set(dayQuery.data?.events.map((event) => event.date)), [dayQuery.data]);

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar eventos', { id: 'events-load-error' });
  }, [isError]);

  const setFilter = useCallback(
    (key: keyof EventFilters, value: string | undefined, replace = false) => {
      const next = currentParams();
      if (value) next.set(key, value);
      else next.delete(key);
      setParams(next, { replace });
    },
    [setParams],
  );
  const setSearch = useCallback((q: string) => setFilter('q', q, true), [setFilter]);

  function clearAdvanced() {
    const next = currentParams();
    for (const key of advancedFilterKeys) next.delete(key);
    setParams(next);
  }

  function toggleFavorites() {
    if (!user) {
      navigate(`/auth?redirect=${encodeURIComponent('/events?favorites=1')}`);
      return;
    }
    setFilter('favorites', filters.favorites ? undefined : '1');
  }

  const events = data?.events ?? [];
  const upcoming = nearby.sort(events.filter((event) => !event.isPast));
  const past = events.filter((event) => event.isPast).reverse();
  const isFavoritesOn = Boolean(filters.favorites && user);

  return (
    <div>
      <title>Todos os eventos - Next Level</title>
      <header className="mb-6">
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">Todos os eventos</h1>
        <p className="mt-1 text-muted">Encontre o evento perfeito para você</p>
      </header>

      <div className="space-y-4">
        <div role="search" className="flex gap-2">
          <SearchField
            value={filters.q ?? ''}
            onChange={setSearch}
            label="Buscar eventos"
            placeholder="Buscar eventos..."
            className="min-w-0 flex-1"
            inputClassName="h-12 rounded-2xl"
          />
          <Button
            variant="outline"
            aria-expanded={isPanelOpen}
            aria-controls={PANEL_ID}
            onClick={() => setPanelOpen((open) => !open)}
            className={cn('h-12 shrink-0 gap-1.5 rounded-2xl bg-card px-3 sm:gap-2 sm:px-4', isPanelOpen && 'border-accent')}
          >
            <SlidersHorizontal aria-hidden className="size-5" />
            Filtros
            {advancedCount > 0 ? (
              <>
                <span
                  aria-hidden
                  className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-bold text-accent-foreground"
                >
                  {advancedCount}
                </span>
                <span className="sr-only">{advancedCount === 1 ? '(1 ativo)' : `(${advancedCount} ativos)`}</span>
              </>
            ) : null}
          </Button>
        </div>
        <div
          role="group"
          aria-label="Filtrar por marca"
          className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
        >
          <FilterChip isActive={!filters.brand} onClick={() => setFilter('brand', undefined)}>
            Todos
          </FilterChip>
          {brandOrder.map((slug: BrandSlug) => (
            <FilterChip
              key={slug}
              isActive={filters.brand === slug}
              activeClassName={cn(brandStyles[slug].solid, 'text-white')}
              onClick={() => setFilter('brand', filters.brand === slug ? undefined : slug)}
            >
              {brandStyles[slug].name}
            </FilterChip>
          ))}
          <FilterChip isActive={isFavoritesOn} activeClassName={cn(brandStyles['ay-yo'].solid, 'text-white')} onClick={toggleFavorites}>
            <Heart aria-hidden className={cn('size-4', isFavoritesOn && 'fill-current')} />
            Favoritos
          </FilterChip>
          <NearbyChip nearby={nearby} />
        </div>
        {isPanelOpen ? (
          <AdvancedFilters
            id={PANEL_ID}
            filters={filters}
            activeCount={advancedCount}
            today={today}
            eventDays={dayQuery.data ? eventDays : undefined}
            onChange={(key, value) => setFilter(key, value)}
            onClear={clearAdvanced}
            onDatePickerOpenChange={setDatePickerOpen}
          />
        ) : null}
      </div>

      <section aria-labelledby="results-title" className="mt-8">
        <h2 id="results-title" className="sr-only">
          Resultados
        </h2>
        {isPending ? (
          <EventGridLoading count={6} />
        ) : isError && !data ? (
          <EventsLoadError onRetry={() => void refetch()} />
        ) : events.length === 0 ? (
          <EmptyResult
            search={query.q}
            hasFilters={hasActiveFilters({ ...query, q: undefined })}
            onClear={() => setParams(new URLSearchParams())}
          />
        ) : (
          <>
            <p role="status" className="mb-4 text-sm text-muted">
              {foundText(upcoming.length, past.length)}
            </p>
            <div aria-busy={isPlaceholderData} className={cn('space-y-10 transition-opacity', isPlaceholderData && 'opacity-60')}>
              {upcoming.length > 0 ? <EventGrid events={upcoming} /> : null}
              <PastEventsSection events={past} id="past-events-title" headingClassName="mb-4 text-xl font-bold" />
            </div>
          </>
        )}
      </section>
    </div>
  );
}

/** Counts what is shown as upcoming; ended events found too are named apart. */
function foundText(upcoming: number, past: number): string {
  const found = upcoming === 1 ? '1 evento encontrado' : `${upcoming} eventos encontrados`;
  if (past === 0) return found;
  return `${found} · ${past === 1 ? '1 já encerrado' : `${past} já encerrados`}`;
}

/** The empty list: names the search and speaks of filters only when a filter besides the search is on. */
function EmptyResult({ search, hasFilters, onClear }: { search?: string; hasFilters: boolean; onClear(): void }) {
  return (
    <div role="status" className="rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center">
      <p className="text-muted">
        {hasFilters
          ? 'Nenhum evento encontrado com os filtros aplicados.'
          : search
            ? `Nenhum evento encontrado para “${search}”.`
            : 'Nenhum evento disponível no momento.'}
      </p>
      {hasFilters || search ? (
        <Button variant="outline" className="mt-4" onClick={onClear}>
          {hasFilters ? 'Limpar filtros' : 'Ver todos os eventos'}
        </Button>
      ) : null}
    </div>
  );
}
