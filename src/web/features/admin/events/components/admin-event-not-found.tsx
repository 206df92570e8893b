import { Link } from 'react-router';
import { CalendarX } from 'lucide-react';
import { Button } from '../../../../components/ui/button';

/** docs/screens.md 'Admin area': the edit page of a missing event. */
export function AdminEventNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <title>Evento não encontrado - Painel Admin</title>
      <span aria-hidden className="inline-flex size-16 items-center justify-center rounded-full bg-surface text-muted">
        <CalendarX className="size-8" />
      </span>
      <h1 className="mt-5 text-2xl font-bold">Evento não encontrado</h1>
      <p className="mt-2 text-muted">Este evento não existe ou foi removido.</p>
      <Button asChild className="mt-6">
        <Link to="/admin/events">Voltar para eventos</Link>
      </Button>
    </div>
  );
}
