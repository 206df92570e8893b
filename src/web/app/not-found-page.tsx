import { Link } from 'react-router';
import { Compass, Home } from 'lucide-react';
import { Button } from '../components/ui/button';

/**
 * Anything the router does not know, inside the main layout (docs/rules/money-and-dates.md 'Language': pt-BR, 'Página não
 * encontrada'). The layout already holds the page's one <main>, so this is a plain section.
 */
export function NotFoundPage() {
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center py-10 text-center"
    >
      <title>Página não encontrada - Next Level</title>
      <p
        aria-hidden
        className="bg-gradient-to-br from-brand-next-level to-brand-ay-yo bg-clip-text text-8xl font-black tracking-tighter text-transparent select-none sm:text-9xl"
      >
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-extrabold tracking-tight sm:text-3xl">
        Página não encontrada
      </h1>
      <p className="mt-2 max-w-sm text-muted">O endereço que você abriu não existe ou foi removido. Que tal voltar para a pista?</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild size="lg">
          <Link to="/">
            <Home className="size-5" aria-hidden /> Voltar para o início
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/events">
            <Compass className="size-5" aria-hidden /> Ver eventos
          </Link>
        </Button>
      </div>
    </section>
  );
}
