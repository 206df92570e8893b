import { useCallback, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Heart } from 'lucide-react';
import { toast } from 'sonner';
import type { BrandSlug } from '../../../../shared/schemas/events';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';
import { cn } from '../../../lib/cn';
import { useEvents } from '../api/list-events';
import { brandOrder, brandStyles } from '../brand';
import { EventGrid, EventGridSkeleton } from '../components/event-grid';
import { FilterChip } from '../components/filter-chip';
import { SearchBox } from '../components/search-box';
import { hasActiveFilters, readEventFilters, type EventFilters } from '../event-filters';

export function EventsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const filters = readEventFilters(params);
  const query: EventFilters = user ? filters : { ...filters, favorites: undefined };
  const { data, isPending, isError, isPlaceholderData, refetch } = useEvents(query);

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar eventos', { id: 'events-load-error' });
  }, [isError]);

  const setFilter = useCallback(
    (key: keyof EventFilters, value: string | undefined, replace = false) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );
  const setSearch = useCallback((q: string) => setFilter('q', q, true), [setFilter]);

  function toggleFavorites() {
    if (!user) {
      navigate(`/auth?redirect=${encodeURIComponent('/events?favorites=1')}`);
      return;
    }
    setFilter('favorites', filters.favorites ? undefined : '1');
  }

  const events = data?.events ?? [];
  const upcoming = events.filter((event) => !event.isPast);
  const past = events.filter((event) => event.isPast).reverse();

  return (
    <div>
      <title>Todos os eventos - Next Level</title>
      <header className="mb-6">
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">Todos os eventos</h1>
        <p className="mt-1 text-muted">Encontre o evento perfeito para você</p>
      </header>

      <div className="space-y-4">
        <SearchBox value={filters.q ?? ''} onChange={setSearch} />
        <div
          role="group"
          aria-label="Filtrar eventos"
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
          <FilterChip
            isActive={Boolean(filters.favorites && user)}
            activeClassName={cn(brandStyles['ay-yo'].solid, 'text-white')}
            onClick={toggleFavorites}
          >
            <Heart aria-hidden className={cn('size-4', filters.favorites && user && 'fill-current')} />
            Favoritos
          </FilterChip>
        </div>
      </div>

      <section aria-labelledby="results-title" className="mt-8">
        <h2 id="results-title" className="sr-only">
          Resultados
        </h2>
        {isPending ? (
          <>
            <p role="status" className="mb-4 text-muted">
              Carregando eventos...
            </p>
            <EventGridSkeleton count={6} />
          </>
        ) : isError && !data ? (
          <div className="rounded-2xl border border-border bg-card p-8 text-center">
            <p className="text-muted">Não foi possível carregar os eventos agora.</p>
            <Button variant="outline" className="mt-4" onClick={() => void refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : events.length === 0 ? (
          <EmptyResult hasFilters={hasActiveFilters(query)} onClear={() => setParams(new URLSearchParams())} />
        ) : (
          <>
            <p aria-live="polite" className="mb-4 text-sm text-muted">
              {events.length === 1 ? '1 evento encontrado' : `${events.length} eventos encontrados`}
            </p>
            <div className={cn('space-y-10 transition-opacity', isPlaceholderData && 'opacity-60')}>
              {upcoming.length > 0 ? <EventGrid events={upcoming} /> : null}
              {past.length > 0 ? (
                <section aria-labelledby="past-events-title">
                  <h2 id="past-events-title" className="mb-4 text-xl font-bold">
                    Eventos encerrados
                  </h2>
                  <EventGrid events={past} />
                </section>
              ) : null}
            </div>
          </>
        )}
      </section>
    </div>
  );
}

function EmptyResult({ hasFilters, onClear }: { hasFilters: boolean; onClear(): void }) {
  return (
    <div className="rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center">
      <p className="text-muted">
        {hasFilters ? 'Nenhum evento encontrado com os filtros aplicados.' : 'Nenhum evento disponível no momento.'}
      </p>
      {hasFilters ? (
        <Button variant="outline" className="mt-4" onClick={onClear}>
          Limpar filtros
        </Button>
      ) : null}
    </div>
  );
}
