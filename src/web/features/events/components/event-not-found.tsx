import { Link } from 'react-router';
import { CalendarX } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export function EventNotFound({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <span aria-hidden className="inline-flex size-16 items-center justify-center rounded-full bg-surface text-muted">
        <CalendarX className="size-8" />
      </span>
      <h1 className="mt-5 text-2xl font-bold">Evento não encontrado</h1>
      <p className="mt-2 text-muted">O evento que você procura não existe ou foi removido.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/events">Voltar para eventos</Link>
        </Button>
        {onRetry ? (
          <Button variant="outline" onClick={onRetry}>
            Tentar novamente
          </Button>
        ) : null}
      </div>
    </div>
  );
}
