import { useState, type FormEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { concessionDocumentLabel, concessionLabel, concessions, type Concession } from '../../../../shared/concessions';
import { acceptTransferSchema, type TransferView } from '../../../../shared/schemas/transfers';
import { FieldError, Label } from '../../../components/ui/input';
import { useAcceptTransfer } from '../api/accept-transfer';
import { CpfField, fieldErrors, PersonField, PersonFormSubmit, serverFieldErrors } from './person-field';

/**
 * 'Aceitar ingresso' of a transfer sent to the user: the CPF where it is asked and, for a
 * meia-entrada ticket, the category and document the recipient declares (Lei 12.933/2013: the
 * benefit is the person's). `by` names the transfer: the link's token, or its id in the app.
 */
export function AcceptTransferForm({
  transfer,
  by,
  onAccepted,
}: {
  transfer: TransferView;
  by: { token: string } | { transferId: string };
  onAccepted(): void;
}) {
  const [cpf, setCpf] = useState('');
  const [concession, setConcession] = useState<Concession | ''>('');
  const [documentNumber, setDocumentNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const accept = useAcceptTransfer();
  const prefix = `accept-${transfer.id}`;
  const documentLabel = concession ? concessionDocumentLabel[concession] : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = acceptTransferSchema.safeParse({
      ...by,
      cpf: cpf || null,
      concession: concession || null,
      documentNumber: documentNumber || null,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    try {
      await accept.mutateAsync({
        ...by,
        cpf: parsed.data.cpf,
        concession: parsed.data.concession,
        documentNumber: parsed.data.documentNumber,
      });
      onAccepted();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {transfer.concession ? (
        <>
          <p className="rounded-xl bg-surface px-3 py-2.5 text-sm">
            Este ingresso é meia-entrada ({concessionLabel[transfer.concession]}). Só pode recebê-lo quem tem o mesmo benefício; o documento
            é conferido na entrada.
          </p>
          <div>
            <Label htmlFor={`${prefix}-concession`}>Seu benefício</Label>
            <div className="relative">
              <select
                id={`${prefix}-concession`}
                value={concession}
                onChange={(e) => setConcession(e.target.value as Concession | '')}
                aria-invalid={Boolean(errors.concession)}
                aria-describedby={errors.concession ? `${prefix}-concession-error` : undefined}
                className="h-11 w-full cursor-pointer appearance-none rounded-xl border border-border bg-card pr-10 pl-3 text-base text-fg aria-[invalid=true]:border-danger"
              >
                <option value="" disabled>
                  Escolha a categoria
                </option>
                {concessions.map((option) => (
                  <option key={option} value={option}>
                    {concessionLabel[option]}
                  </option>
                ))}
              </select>
              <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-muted" />
            </div>
            <FieldError id={`${prefix}-concession-error`} message={errors.concession} />
          </div>
          {documentLabel ? (
            <PersonField
              id={`${prefix}-document`}
              label={documentLabel}
              value={documentNumber}
              onChange={(e) => setDocumentNumber(e.target.value)}
              error={errors.documentNumber}
            />
          ) : null}
        </>
      ) : null}
      {transfer.asksCpf ? <CpfField id={`${prefix}-cpf`} label="Seu CPF" value={cpf} onValueChange={setCpf} error={errors.cpf} /> : null}
      <PersonFormSubmit formError={errors.form} isPending={accept.isPending} label="Aceitar ingresso" pendingLabel="Aceitando..." />
    </form>
  );
}
