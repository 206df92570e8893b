import { ExternalLink, MapPin } from 'lucide-react';
import type { EventDetail } from '../../../../shared/schemas/events';

function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export function EventLocationCard({ event, className }: { event: EventDetail; className?: string }) {
  const address = event.fullAddress ?? event.location;
  return (
    <section aria-labelledby="location-title" className={className}>
      <div className="overflow-hidden rounded-2xl border border-border bg-card">
        <div
          aria-hidden
          className="flex h-28 items-center justify-center bg-surface bg-[radial-gradient(var(--border)_1px,transparent_1px)] [background-size:14px_14px]"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground shadow-lg">
            <MapPin className="size-6" />
          </span>
        </div>
        <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <div className="min-w-0">
            <h2 id="location-title" className="text-xl font-bold">
              Localização
            </h2>
            <p className="mt-1 font-medium">{event.location}</p>
            {event.fullAddress ? <p className="text-sm text-muted">{event.fullAddress}</p> : null}
          </div>
          <a
            href={mapsSearchUrl(address)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-xl border border-border px-4 font-semibold text-fg transition hover:bg-surface"
          >
            Ver no mapa
            <ExternalLink aria-hidden className="size-4" />
            <span className="sr-only">(abre em nova aba)</span>
          </a>
        </div>
      </div>
    </section>
  );
}
