import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight, ExternalLink } from 'lucide-react';
import type { BannerView } from '../../../../shared/schemas/content';
import { Skeleton } from '../../../components/ui/skeleton';
import { useBanners } from '../api/list-banners';
import { bannerLinkTarget } from '../lib/banner-link';

const gridClass = 'grid gap-5 md:grid-cols-2';

/** The active banners under the carousel (docs/data-model.md 'News and banners'); nothing when there are none. */
export function HomeBanners() {
  const { data, isPending } = useBanners();

  if (isPending) {
    return (
      <div role="status" aria-label="Carregando destaques" className={gridClass}>
        {[0, 1].map((index) => (
          <div key={index} aria-hidden className="overflow-hidden rounded-2xl border border-border bg-card">
            <Skeleton className="aspect-[2/1] rounded-none" />
            <div className="space-y-2 p-4">
              <Skeleton className="h-6 w-3/4" />
              <Skeleton className="h-4 w-full" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  // A failed load leaves the space to the rest of the page: banners are extras.
  const banners = data?.banners ?? [];
  if (banners.length === 0) return null;

  return (
    <section aria-labelledby="banners-title">
      <h2 id="banners-title" className="sr-only">
        Destaques
      </h2>
      <ul className={gridClass}>
        {banners.map((banner) => (
          <li key={banner.id}>
            <BannerCard banner={banner} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function BannerCard({ banner }: { banner: BannerView }) {
  const target = bannerLinkTarget(banner.linkUrl);
  let title: ReactNode = banner.title;
  // The title carries the link and stretches it over the card, so the card reads as one link.
  const stretched = "after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none";
  if (target?.kind === 'internal') {
    title = (
      <Link to={target.to} className={stretched}>
        {banner.title}
      </Link>
    );
  } else if (target?.kind === 'external') {
    title = (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className={stretched}>
        {banner.title}
        <span className="sr-only"> (abre em nova aba)</span>
      </a>
    );
  }
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm transition has-[a]:hover:-translate-y-0.5 has-[a]:hover:shadow-lg has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-accent">
      <div className="aspect-[2/1] overflow-hidden bg-surface">
        <img
          src={banner.imageUrl}
          alt=""
          width={1200}
          height={675}
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition duration-300 group-has-[a]:group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 items-start justify-between gap-3 p-4">
        <div className="min-w-0">
          <h3 className="text-lg leading-snug font-bold text-balance">{title}</h3>
          <p className="mt-1 text-sm text-muted">{banner.description}</p>
        </div>
        {target ? (
          <span aria-hidden className="mt-1 inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-surface text-accent">
            {target.kind === 'external' ? <ExternalLink className="size-4" /> : <ArrowRight className="size-4" />}
          </span>
        ) : null}
      </div>
    </article>
  );
}
