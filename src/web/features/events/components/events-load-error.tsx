import { Button } from '../../../components/ui/button';

/** The events list could not be loaded: says so and offers 'Tentar novamente'. */
export function EventsLoadError({ onRetry }: { onRetry(): void }) {
  return (
    <div className="rounded-2xl border border-border bg-card p-8 text-center">
      <p className="text-muted">Não foi possível carregar os eventos agora.</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}
