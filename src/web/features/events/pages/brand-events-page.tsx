import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { toast } from 'sonner';
import { brandSlugs, type BrandSlug } from '../../../../shared/schemas/events';
import { cn } from '../../../lib/cn';
import { useEvents } from '../api/list-events';
import { brandStyles } from '../../../lib/brand';
import { EventGrid, EventGridLoading, PastEventsSection } from '../components/event-grid';
import { EventsLoadError } from '../components/events-load-error';
import { FollowBrandButton } from '../components/follow-brand-button';
import { BrandSocialLinks } from '../components/brand-social-links';
import { useBrandPage } from '../api/brands';
import { plural } from '../../../../shared/plural';

const taglines: Record<BrandSlug, string> = {
  'next-level': 'Música eletrônica e cultura club',
  'ay-yo': 'K-Pop e cultura asiática',
  kxp: 'Experiências da cultura coreana',
};

function isBrandSlug(value: string | undefined): value is BrandSlug {
  return (brandSlugs as readonly string[]).includes(value ?? '');
}

/**
 * /events/next-level, /events/ay-yo, /events/kxp: one brand's events (
 * docs/screens.md 'Brand pages'). The server matches the brand or its category words; cards show date, start time,
 * place, picture and the real lowest price (docs/rules/events.md 'Card prices'); the header shows the brand's cover, logo,
 * tagline and description (edited in 'Marcas') on the brand's own colour, its social links (docs/rules/content.md 'Brand pages'),
 * and its followers once it has any; 'Seguir' brings its new events as notifications.
 */
export function BrandEventsPage({ brand: brandProp }: { brand?: BrandSlug }) {
  const params = useParams();
  const slug = brandProp ?? params.brand;
  if (!isBrandSlug(slug)) {
    return (
      <div className="py-16 text-center">
        <h1 className="text-2xl font-bold">Marca não encontrada</h1>
        <Link to="/events" className="mt-4 inline-block font-semibold text-accent underline">
          Ver todos os eventos
        </Link>
      </div>
    );
  }
  return <BrandEvents key={slug} brand={slug} />;
}

/** Two letters of a brand for its logo placeholder: 'Next Level' -> 'NL', 'AY-YO' -> 'AY'. */
function initialsOf(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : name.slice(0, 2)).toUpperCase();
}

function BrandHeader({ brand }: { brand: BrandSlug }) {
  const style = brandStyles[brand];
  const { data: page } = useBrandPage(brand);
  const name = page?.name ?? style.name;
  return (
    <header className={cn('relative overflow-hidden rounded-3xl text-white shadow-lg', style.solid)}>
      {page?.coverUrl ? (
        <>
          <img src={page.coverUrl} alt="" className="absolute inset-0 size-full object-cover" />
          {/* At least 60% black behind the text keeps white text above 4.5:1 on any cover. */}
          <div aria-hidden className="absolute inset-0 bg-black/65" />
        </>
      ) : (
        // The brand's own colour, a shade darker: white text, and 'Seguindo' on its translucent fill, stay above 4.5:1.
        <div aria-hidden className="absolute inset-0 bg-black/20" />
      )}
      <div className="relative px-6 py-8 sm:px-10 sm:py-10">
        <div className="flex flex-wrap items-center gap-4">
          <span
            className={cn(
              'inline-flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-2xl text-xl font-black ring-2 ring-white/70 sm:size-20',
              style.solid,
            )}
          >
            {page?.logoUrl ? (
              <img src={page.logoUrl} alt={`Logo ${name}`} className="size-full object-cover" />
            ) : (
              <span aria-hidden>{initialsOf(name)}</span>
            )}
          </span>
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-widest uppercase">Eventos</p>
            <h1 className="text-4xl font-black tracking-tight [overflow-wrap:anywhere] sm:text-5xl">{name}</h1>
          </div>
        </div>
        <p className="mt-3 text-lg font-semibold">{page?.tagline || taglines[brand]}</p>
        {page?.description ? <p className="mt-2 max-w-2xl">{page.description}</p> : null}
        {page ? <BrandSocialLinks brand={brand} brandName={name} links={page.socialLinks} /> : null}
        <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
          <FollowBrandButton brand={brand} />
          {/* No '0 seguidores' in public: the count shows once someone follows. */}
          <p className="text-sm font-semibold" aria-live="polite">
            {page && page.followersCount > 0 ? plural(page.followersCount, 'seguidor', 'seguidores') : null}
          </p>
        </div>
      </div>
    </header>
  );
}

function BrandEvents({ brand }: { brand: BrandSlug }) {
  const style = brandStyles[brand];
  const { data, isPending, isError, refetch } = useEvents({ brand });

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar eventos', { id: 'events-load-error' });
  }, [isError]);

  const events = data?.events ?? [];
  const upcoming = events.filter((event) => !event.isPast);
  const past = events.filter((event) => event.isPast).reverse();

  return (
    <div className="space-y-10">
      <title>{`${style.name} - Next Level`}</title>
      <BrandHeader brand={brand} />
      <section aria-labelledby="brand-upcoming-title">
        <div className="mb-5 flex items-end justify-between gap-4">
          <h2 id="brand-upcoming-title" className="text-2xl font-bold">
            Próximos eventos
          </h2>
          <Link to="/events" className="inline-flex items-center gap-1 rounded-lg text-sm font-semibold text-accent hover:underline">
            Ver todos
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
        {isPending ? (
          <EventGridLoading count={3} quiet />
        ) : isError && !data ? (
          <EventsLoadError onRetry={() => void refetch()} />
        ) : upcoming.length > 0 ? (
          <EventGrid events={upcoming} />
        ) : (
          <p className="rounded-2xl border border-dashed border-border bg-card p-8 text-center text-muted">
            {`Nenhum evento ${style.name} disponível no momento.`}
          </p>
        )}
      </section>
      <PastEventsSection events={past} id="brand-past-title" headingClassName="mb-5 text-2xl font-bold" />
    </div>
  );
}
