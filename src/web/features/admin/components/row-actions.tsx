import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export interface RowActionsProps {
  /** The row as the buttons' accessible names speak of it, with its article: 'o banner Verão', 'a notícia Line-up'. */
  subject: string;
  /** 'Editar': opens the row's form. */
  onEdit(): void;
  /** 'Excluir': asks for confirmation before deleting. */
  onDelete(): void;
}

/** The 'Editar' and 'Excluir' buttons of a back-office list row ('Editar o banner Verão', 'Excluir o banner Verão'). */
export function RowActions({ subject, onEdit, onDelete }: RowActionsProps) {
  return (
    <span className="inline-flex gap-2">
      <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Editar ${subject}`}>
        <Pencil aria-hidden className="size-4" />
        Editar
      </Button>
      <Button variant="ghost" size="sm" className="text-danger" onClick={onDelete} aria-label={`Excluir ${subject}`}>
        <Trash2 aria-hidden className="size-4" />
        Excluir
      </Button>
    </span>
  );
}
