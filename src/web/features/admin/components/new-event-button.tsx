import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** The 'Novo evento' button of the back office's page headers (Painel, Eventos): opens /admin/events/new. */
export function NewEventButton() {
  return (
    <Button asChild>
      <Link to="/admin/events/new">
        <Plus aria-hidden className="size-5" />
        Novo evento
      </Link>
    </Button>
  );
}
