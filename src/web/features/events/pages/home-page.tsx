import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { toast } from 'sonner';
import { useEvents } from '../api/list-events';
import { EventGrid, EventGridSkeleton } from '../components/event-grid';
import { HomeHero } from '../components/home-hero';
import { NearbyChip } from '../components/nearby-chip';
import { useNearbySort } from '../lib/nearby';

const upcomingQuery = { upcoming: '1', limit: 6 } as const;

interface HomePageProps {
  /** Shown after the upcoming events (the route puts the active banners here). */
  banners?: ReactNode;
  /** Shown last (the route puts 'Últimas notícias' here). */
  news?: ReactNode;
}

/**
 * The home page (docs/screens.md 'Home'); other features' sections come in as slots. The carousel
 * (compact on phones), then the upcoming events, so a 360x740 phone shows the first events on
 * its first screen; the banners and the news after them.
 */
export function HomePage({ banners, news }: HomePageProps) {
  return (
    <div className="flex flex-col gap-8 md:gap-12">
      <title>Next Level - Ingressos e eventos</title>
      <h1 className="sr-only">Next Level: ingressos para música eletrônica, K-Pop e cultura coreana</h1>
      <HomeHero />
      <UpcomingEvents />
      {banners}
      {news}
    </div>
  );
}

function UpcomingEvents() {
  const { data, isPending, isError } = useEvents(upcomingQuery);
  const nearby = useNearbySort();

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar eventos', { id: 'events-load-error' });
  }, [isError]);

  return (
    <section aria-labelledby="upcoming-title">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2 md:mb-5">
        <h2 id="upcoming-title" className="text-xl font-bold md:text-2xl">
          Próximos eventos
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <NearbyChip nearby={nearby} />
        </div>
        <Link to="/events" className="inline-flex items-center gap-1 rounded-lg text-sm font-semibold text-accent hover:underline">
          Ver todos
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
      {isPending ? (
        <EventGridSkeleton count={6} />
      ) : data && data.events.length > 0 ? (
        <EventGrid events={nearby.sort(data.events)} />
      ) : (
        <p className="rounded-2xl border border-dashed border-border bg-card p-8 text-center text-muted">
          {isError ? 'Não foi possível carregar os eventos agora.' : 'Nenhum evento disponível no momento.'}
        </p>
      )}
    </section>
  );
}
