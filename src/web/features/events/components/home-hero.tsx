import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import useEmblaCarousel from 'embla-carousel-react';
import { ArrowRight, ChevronLeft, ChevronRight, Pause, Play, Ticket } from 'lucide-react';
import type { BrandSlug } from '../../../../shared/schemas/events';
import { cn } from '../../../lib/cn';
import { brandOrder, brandStyles } from '../../../lib/brand';
import { HOME_HERO_IMAGE, type BrandFigure } from '../../../../shared/home-hero';
import { useBrands } from '../api/brands';

/** docs/screens.md 'Home': the carousel advances every 5000 ms and loops. */
const AUTO_ADVANCE_MS = 5000;

interface Slide {
  slug: BrandSlug;
  title: string;
  subtitle: string;
  description: string;
  /** Brand artwork behind the text (decorative). */
  imageUrl: string;
}

const slides: Slide[] = [
  {
    slug: 'next-level',
    title: 'Next Level',
    subtitle: 'Música eletrônica e cultura de pista',
    description:
      'Noites de techno e house em clubes, galpões e festivais ao ar livre, com line-ups que misturam nomes internacionais e a nova cena brasileira.',
    imageUrl: HOME_HERO_IMAGE,
  },
  {
    slug: 'ay-yo',
    title: 'AY-YO',
    subtitle: 'K-Pop e cultura asiática',
    description:
      'Festas de K-Pop, Random Play Dance, concursos de cover e encontros de fandom em São Paulo, no Rio de Janeiro e em Itajaí.',
    imageUrl: '/images/events/ay-yo-kpop-dance-party.svg',
  },
  {
    slug: 'kxp',
    title: 'KXP',
    subtitle: 'Experiências coreanas',
    description:
      'Gastronomia, hanbok, oficinas de Hangul, cinema e tradições: imersões na cultura coreana conduzidas por quem vive a Coreia de perto.',
    imageUrl: '/images/events/kxp-festival-cultura-coreana-rio.svg',
  },
];

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const media = window.matchMedia(reducedMotionQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

function useIsPageHidden(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'hidden',
    () => false,
  );
}

/**
 * The home carousel (docs/screens.md 'Home'): one looping slide per brand, advancing every
 * 5 s. It holds still while the pointer is over it, while focus is inside it, while the tab is
 * hidden, when the person prefers reduced motion, and after 'Pausar apresentação'.
 */
export function HomeHero() {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true });
  const [selected, setSelected] = useState(0);
  const [isHovered, setHovered] = useState(false);
  const [isFocusInside, setFocusInside] = useState(false);
  const [isPausedByUser, setPausedByUser] = useState(false);
  const isPageHidden = useIsPageHidden();
  const prefersReducedMotion = usePrefersReducedMotion();
  const rootRef = useRef<HTMLElement>(null);
  // Each brand's own figures, edited in the back office ('Marcas'); none while they load or when it has set none
  // (docs/rules/content.md 'Brand figures': the public site shows no placeholder figures).
  const { data: brands } = useBrands();
  const figuresOf = (slug: BrandSlug) => brands?.find((brand) => brand.slug === slug)?.figures ?? [];

  const isAutoAdvancing = Boolean(embla) && !isHovered && !isFocusInside && !isPausedByUser && !isPageHidden && !prefersReducedMotion;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  // Restarts with every slide change, so each slide gets its full 5 s.
  useEffect(() => {
    if (!embla || !isAutoAdvancing) return;
    const timer = window.setTimeout(() => embla.scrollNext(), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [embla, isAutoAdvancing, selected]);

  const goTo = useCallback((index: number) => embla?.scrollTo(index, prefersReducedMotion), [embla, prefersReducedMotion]);
  const goPrevious = useCallback(() => embla?.scrollPrev(prefersReducedMotion), [embla, prefersReducedMotion]);
  const goNext = useCallback(() => embla?.scrollNext(prefersReducedMotion), [embla, prefersReducedMotion]);

  return (
    <section
      ref={rootRef}
      aria-roledescription="carrossel"
      aria-label="Nossas marcas"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setFocusInside(false);
      }}
      className="relative overflow-hidden rounded-3xl bg-zinc-950 text-white shadow-lg"
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y" aria-live={isAutoAdvancing ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <HeroSlide key={slide.slug} slide={slide} figures={figuresOf(slide.slug)} index={index} isActive={index === selected} />
          ))}
        </div>
      </div>

      <div className="absolute inset-x-0 bottom-0 flex items-center justify-between gap-2 px-4 pb-4 sm:justify-end sm:px-8 sm:pb-6">
        <button
          type="button"
          onClick={() => setPausedByUser((paused) => !paused)}
          aria-label={isPausedByUser ? 'Retomar apresentação' : 'Pausar apresentação'}
          className="inline-flex size-10 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/40 transition hover:bg-white/25 sm:order-last"
        >
          {isPausedByUser ? <Play aria-hidden className="size-4" /> : <Pause aria-hidden className="size-4" />}
        </button>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={goPrevious}
            aria-label="Slide anterior"
            className="inline-flex size-10 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/40 transition hover:bg-white/25"
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <ol className="flex items-center">
            {slides.map((slide, index) => (
              <li key={slide.slug}>
                <button
                  type="button"
                  onClick={() => goTo(index)}
                  aria-label={`Ir para o slide ${index + 1}`}
                  aria-current={index === selected ? 'true' : undefined}
                  className="group inline-flex h-10 min-w-7 items-center justify-center px-1"
                >
                  <span
                    aria-hidden
                    className={cn(
                      'block h-2.5 rounded-full bg-white transition-all',
                      index === selected ? 'w-7' : 'w-2.5 opacity-60 group-hover:opacity-90',
                    )}
                  />
                </button>
              </li>
            ))}
          </ol>
          <button
            type="button"
            onClick={goNext}
            aria-label="Próximo slide"
            className="inline-flex size-10 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/40 transition hover:bg-white/25"
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </div>
      </div>
    </section>
  );
}

function HeroSlide({
  slide,
  figures,
  index,
  isActive,
}: {
  slide: Slide;
  figures: readonly BrandFigure[];
  index: number;
  isActive: boolean;
}) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} de ${slides.length}: ${slide.title}`}
      inert={!isActive}
      data-active={isActive ? 'true' : undefined}
      className={cn('relative min-w-0 flex-[0_0_100%]', brandStyles[slide.slug].solid)}
    >
      <img
        src={slide.imageUrl}
        alt=""
        width={1200}
        height={675}
        loading={index === 0 ? 'eager' : 'lazy'}
        fetchPriority={index === 0 ? 'high' : 'low'}
        decoding={index === 0 ? 'sync' : 'async'}
        className="absolute inset-0 size-full object-cover"
      />
      {/* At least 60% black behind every line of text keeps white text above 4.5:1 on any artwork. */}
      <div
        aria-hidden
        className="absolute inset-0 bg-black/65 md:bg-transparent md:bg-linear-to-r md:from-black/85 md:via-black/70 md:to-black/25"
      />
      {/* Compact on phones (no description nor figures) so the first events fit a 360x740 first screen. */}
      <div className="relative flex h-full flex-col px-5 pt-5 pb-16 sm:px-10 sm:pt-12 sm:pb-24">
        <div className="max-w-2xl">
          <p className="text-xs font-semibold tracking-widest uppercase sm:text-sm">{slide.subtitle}</p>
          <h2 className="mt-1 text-3xl leading-tight font-black text-balance sm:mt-2 sm:text-6xl">{slide.title}</h2>
          <p className="mt-3 max-w-xl text-base max-sm:hidden sm:text-lg">{slide.description}</p>

          {/* From 640 px, and only the figures the brand set itself: three boxes a row, 'Participantes' never leaves its box. */}
          {figures.length > 0 ? (
            <ul className="mt-6 grid max-w-md grid-cols-3 gap-3 max-sm:hidden">
              {figures.map((figure, figureIndex) => (
                <li key={`${figureIndex}-${figure.label}`} className="min-w-0 rounded-2xl bg-black/35 px-3 py-2 ring-1 ring-white/20">
                  <strong className="block text-xl leading-tight font-black [overflow-wrap:anywhere] sm:text-2xl">{figure.value}</strong>{' '}
                  <span className="block text-sm [overflow-wrap:anywhere]">{figure.label}</span>
                </li>
              ))}
            </ul>
          ) : null}

          <div className="mt-4 flex flex-col gap-2 sm:mt-6 sm:flex-row sm:gap-3">
            <Link
              to="/events"
              className="inline-flex h-10 items-center justify-center gap-2 rounded-xl bg-white px-4 text-sm font-semibold text-zinc-950 shadow transition hover:bg-white/90 sm:h-12 sm:px-6 sm:text-base"
            >
              Explorar eventos
              <ArrowRight aria-hidden className="size-4 max-sm:hidden" />
            </Link>
            <Link
              to="/tickets"
              className="inline-flex h-10 items-center justify-center gap-2 rounded-xl border-2 border-white/80 px-4 text-sm font-semibold text-white transition hover:bg-white/10 sm:h-12 sm:px-6 sm:text-base"
            >
              <Ticket aria-hidden className="size-4 max-sm:hidden" />
              Meus ingressos
            </Link>
          </div>

          <div className="mt-4 sm:mt-6">
            <h3 className="text-sm font-semibold max-sm:sr-only">Nossas marcas</h3>
            <ul className="flex flex-wrap gap-2 sm:mt-2">
              {brandOrder.map((slug) => (
                <li key={slug}>
                  <Link
                    to={`/events/${slug}`}
                    className={cn(
                      'inline-flex h-9 items-center rounded-full px-4 text-sm font-semibold text-white ring-1 ring-white/50 transition hover:brightness-110',
                      brandStyles[slug].solid,
                    )}
                  >
                    {brandStyles[slug].name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </div>
  );
}
