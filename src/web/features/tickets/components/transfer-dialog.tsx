import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatInstant } from '../../../../shared/dates';
import { createTransferSchema, type TicketPeople } from '../../../../shared/schemas/transfers';
import { Dialog } from '../../../components/ui/dialog';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useCreateTransfer } from '../api/create-transfer';
import { CpfField, fieldErrors, PersonField, PersonFormSubmit, serverFieldErrors } from './person-field';

/**
 * 'Transferir ingresso': the recipient's name and e-mail (and CPF where the event is nominal). The
 * ticket stays the user's until the recipient accepts from the e-mailed link; then it gets a new
 * QR code and this one stops working.
 */
export function TransferDialog({ open, onOpenChange, people }: { open: boolean; onOpenChange(open: boolean): void; people: TicketPeople }) {
  const [values, setValues] = useState({ toName: '', toEmail: '', toCpf: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateTransfer();
  const prefix = `transfer-${people.ticketId}`;
  const set = (field: 'toName' | 'toEmail') => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  // One transfer per tap: a second tap while the first is sent does nothing (useSingleFlight).
  const sending = useSingleFlight();
  function submit(event: FormEvent) {
    event.preventDefault();
    void sending.run(send);
  }

  async function send() {
    const parsed = createTransferSchema.safeParse({ ...values, toCpf: values.toCpf || null });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    if (people.nominal && !parsed.data.toCpf) return setErrors({ toCpf: 'Informe o CPF de quem vai receber o ingresso' });
    setErrors({});
    try {
      const sent = await create.mutateAsync({ ticketId: people.ticketId, ...parsed.data });
      toast.success(`Enviamos o ingresso para ${sent.toEmail}. Ele continua seu até ser aceito.`, { id: `transfer-${people.ticketId}` });
      onOpenChange(false);
    } catch (error) {
      setErrors(serverFieldErrors(error));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Transferir ingresso"
      description={`Quem receber aceita pelo link que enviamos por e-mail. Transferências até ${formatInstant(people.transferDeadline)}.`}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <PersonField
          id={`${prefix}-name`}
          label="Nome de quem vai receber"
          autoComplete="off"
          value={values.toName}
          onChange={set('toName')}
          error={errors.toName}
        />
        <PersonField
          id={`${prefix}-email`}
          label="E-mail"
          type="email"
          autoComplete="off"
          value={values.toEmail}
          onChange={set('toEmail')}
          error={errors.toEmail}
        />
        {people.nominal ? (
          <CpfField
            id={`${prefix}-cpf`}
            label="CPF de quem vai receber"
            hint="Este evento é nominal: o ingresso sai no nome e CPF de quem vai usar."
            value={values.toCpf}
            onValueChange={(toCpf) => setValues((v) => ({ ...v, toCpf }))}
            error={errors.toCpf}
          />
        ) : null}
        <p className="rounded-xl bg-surface px-3 py-2.5 text-sm">
          Quando a transferência for aceita, o QR code atual deixa de valer e quem recebeu ganha um novo.
        </p>
        <PersonFormSubmit
          formError={errors.form}
          isPending={create.isPending || sending.isRunning}
          label="Transferir ingresso"
          pendingLabel="Enviando..."
        />
      </form>
    </Dialog>
  );
}
