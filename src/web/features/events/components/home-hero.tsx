import { Link } from 'react-router';
import { ArrowRight, Ticket } from 'lucide-react';
import { brandOrder, brandStyles } from '../brand';

export function HomeHero() {
  return (
    <section
      aria-labelledby="home-title"
      className="relative overflow-hidden rounded-3xl bg-linear-to-br from-brand-next-level via-brand-ay-yo to-brand-kxp px-6 py-10 text-white shadow-lg sm:px-10 sm:py-14"
    >
      <div className="relative max-w-2xl">
        <p className="text-sm font-semibold tracking-widest uppercase">Next Level · AY-YO · KXP</p>
        <h1 id="home-title" className="mt-3 text-3xl leading-tight font-black text-balance sm:text-5xl">
          Os eventos que movem você, em um só lugar
        </h1>
        <p className="mt-4 max-w-xl text-base sm:text-lg">
          Música eletrônica, K-Pop e cultura coreana. Garanta seu ingresso em poucos toques e entre com o QR code no celular.
        </p>
        <div className="mt-7 flex flex-col gap-3 sm:flex-row">
          <Link
            to="/events"
            className="inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-card px-6 font-semibold text-fg shadow transition hover:opacity-90"
          >
            Explorar Eventos
            <ArrowRight aria-hidden className="size-4" />
          </Link>
          <Link
            to="/tickets"
            className="inline-flex h-12 items-center justify-center gap-2 rounded-xl border-2 border-white/80 px-6 font-semibold text-white transition hover:bg-white/10"
          >
            <Ticket aria-hidden className="size-4" />
            Meus Ingressos
          </Link>
        </div>
        <div className="mt-8">
          <h2 className="text-sm font-semibold">Nossas marcas</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {brandOrder.map((slug) => (
              <li key={slug}>
                <Link
                  to={`/events/${slug}`}
                  className="inline-flex h-9 items-center rounded-full bg-white/15 px-4 text-sm font-semibold text-white ring-1 ring-white/40 backdrop-blur transition hover:bg-white/25"
                >
                  {brandStyles[slug].name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
