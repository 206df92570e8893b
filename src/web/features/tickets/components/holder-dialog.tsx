import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { editHolderSchema, type TicketPeople } from '../../../../shared/schemas/transfers';
import { Dialog } from '../../../components/ui/dialog';
import { useEditHolder } from '../api/edit-holder';
import { CpfField, fieldErrors, PersonField, PersonFormSubmit, serverFieldErrors } from './person-field';

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
      setErrors(serverFieldErrors(error));
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
        {people.asksCpf ? <CpfField id={`${prefix}-cpf`} label="CPF" value={cpf} onValueChange={setCpf} error={errors.holderCpf} /> : null}
        <PersonFormSubmit formError={errors.form} isPending={edit.isPending} label="Salvar titular" pendingLabel="Salvando..." />
      </form>
    </Dialog>
  );
}
