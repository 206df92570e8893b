import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatCpf } from '../../../../shared/cpf';
import { editHolderSchema, type TicketPeople } from '../../../../shared/schemas/transfers';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api';
import { useEditHolder } from '../api/edit-holder';
import { fieldErrors, PersonField } from './person-field';

/** 'Editar titular': who uses the ticket, and their CPF where the event is nominal or the ticket meia; until the event starts. */
export function HolderDialog({ open, onOpenChange, people }: { open: boolean; onOpenChange(open: boolean): void; people: TicketPeople }) {
  const [name, setName] = useState(people.holderName ?? '');
  const [cpf, setCpf] = useState(people.holderCpf ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const edit = useEditHolder();
  const prefix = `holder-${people.ticketId}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = editHolderSchema.safeParse({ holderName: name, holderCpf: people.asksCpf || cpf ? cpf : null });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    if (people.asksCpf && !parsed.data.holderCpf) return setErrors({ holderCpf: 'Informe o CPF de quem vai usar o ingresso' });
    setErrors({});
    try {
      await edit.mutateAsync({ ticketId: people.ticketId, holderName: parsed.data.holderName, holderCpf: parsed.data.holderCpf });
      toast.success('Titular atualizado.');
      onOpenChange(false);
    } catch (error) {
      const field = error instanceof ApiError && typeof error.details.field === 'string' ? error.details.field : 'form';
      setErrors({ [field]: (error as Error).message });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Editar titular"
      description="Quem vai usar este ingresso. Dá para trocar até o início do evento."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <PersonField
          id={`${prefix}-name`}
          label="Nome completo"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.holderName}
        />
        {people.asksCpf ? (
          <PersonField
            id={`${prefix}-cpf`}
            label="CPF"
            inputMode="numeric"
            placeholder="000.000.000-00"
            value={cpf}
            onChange={(e) => setCpf(formatCpf(e.target.value))}
            error={errors.holderCpf}
          />
        ) : null}
        {errors.form ? (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={edit.isPending}>
          {edit.isPending ? 'Salvando...' : 'Salvar titular'}
        </Button>
      </form>
    </Dialog>
  );
}
