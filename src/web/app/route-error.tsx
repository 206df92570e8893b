import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { AlertTriangle, Home, RotateCw } from 'lucide-react';
import { Button } from '../components/ui/button';

// A page chunk that no longer exists on the server (a new version was deployed meanwhile).
const STALE_CHUNK = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** What a route shows when it fails to load or render; a reload fixes a stale page chunk. */
export function RouteError() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const isStaleChunk = error instanceof Error && STALE_CHUNK.test(error.message);

  return (
    <PageLandmark>
      <section aria-labelledby="route-error-title" className="mx-auto flex max-w-md flex-col items-center p-8 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-danger/15 text-danger">
          <AlertTriangle className="size-8" aria-hidden />
        </span>
        <h1 id="route-error-title" className="mt-4 text-2xl font-extrabold tracking-tight">
          {isNotFound ? 'Página não encontrada' : 'Algo deu errado'}
        </h1>
        <p className="mt-2 text-muted">
          {isNotFound
            ? 'O endereço que você abriu não existe ou foi removido.'
            : isStaleChunk
              ? 'Uma nova versão do app está disponível. Recarregue a página para continuar.'
              : 'Não foi possível carregar esta página. Tente novamente.'}
        </p>
        <div className="mt-6 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          {isNotFound ? null : (
            <Button onClick={() => window.location.reload()}>
              <RotateCw className="size-4" aria-hidden /> Recarregar
            </Button>
          )}
          <Button asChild variant={isNotFound ? 'primary' : 'outline'}>
            <Link to="/" reloadDocument={!isNotFound}>
              <Home className="size-4" aria-hidden /> Voltar para o início
            </Link>
          </Button>
        </div>
      </section>
    </PageLandmark>
  );
}

/**
 * The page's <main>, unless one already surrounds this element. As a layout route's error
 * element this replaces the layout (so it must supply the landmark); as a child route's it
 * sits inside the layout's <main>, where a second one would be invalid.
 */
function PageLandmark({ children }: { children: ReactNode }) {
  const probe = useRef<HTMLDivElement>(null);
  const [isInsideMain, setInsideMain] = useState(true);
  useLayoutEffect(() => {
    setInsideMain(Boolean(probe.current?.parentElement?.closest('main')));
  }, []);
  if (isInsideMain) return <div ref={probe}>{children}</div>;
  return <main className="flex min-h-dvh items-center justify-center bg-bg text-fg">{children}</main>;
}
