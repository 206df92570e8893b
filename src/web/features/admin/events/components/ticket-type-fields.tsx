import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { MAX_TICKET_TYPES, type EventFormValues } from '../../../../../shared/schemas/admin-events';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Badge } from '../../../../components/ui/badge';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { FormField, Textarea } from '../../components/form-field';
import { newTicketTypeRow } from '../lib/event-form-values';

export interface SavedTicketTypeInfo {
  soldCount: number;
  hasOrders: boolean;
}

interface TicketTypeFieldsProps {
  /** Units sold and whether orders exist, per saved ticket type id (edit form). */
  saved?: Record<string, SavedTicketTypeInfo>;
  /** Removes a saved ticket type on the server; rejects with the server's message (edit form). */
  onRemoveSaved?(ticketTypeId: string): Promise<void>;
}

/**
 * The ticket types of the event form (SPEC.md section 5): name, price in reais, stock and
 * description per type; at least one remains, so 'Remover' is off when only one is left.
 */
export function TicketTypeFields({ saved, onRemoveSaved }: TicketTypeFieldsProps) {
  const { control, register, formState } = useFormContext<EventFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'ticketTypes', keyName: 'fieldKey' });
  const names = useWatch({ control, name: 'ticketTypes' });
  const [pendingRemoval, setPendingRemoval] = useState<{ index: number; id: string; name: string } | null>(null);
  const [isRemoving, setRemoving] = useState(false);
  const errors = formState.errors.ticketTypes;
  const listError = errors?.root?.message ?? errors?.message;
  const canRemove = fields.length > 1;

  function requestRemoval(index: number) {
    const id = fields[index].id;
    if (id && onRemoveSaved) {
      setPendingRemoval({ index, id, name: names?.[index]?.name || 'este ingresso' });
      return;
    }
    remove(index);
  }

  async function confirmRemoval() {
    if (!pendingRemoval || !onRemoveSaved) return;
    setRemoving(true);
    try {
      await onRemoveSaved(pendingRemoval.id);
      remove(pendingRemoval.index);
      setPendingRemoval(null);
    } catch {
      // The caller showed why; the row stays.
      setPendingRemoval(null);
    } finally {
      setRemoving(false);
    }
  }

  return (
    <section aria-labelledby="tipos-de-ingresso" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="tipos-de-ingresso" className="text-lg font-bold">
            Tipos de ingresso
          </h2>
          <p className="text-sm text-muted">Preço em reais, como 80,00. Pelo menos um tipo é obrigatório.</p>
        </div>
      </div>
      {listError ? (
        <p className="text-sm text-danger" role="alert">
          {listError}
        </p>
      ) : null}
      <ol className="space-y-4">
        {fields.map((field, index) => {
          const rowErrors = errors?.[index];
          const info = field.id ? saved?.[field.id] : undefined;
          const base = `ticketTypes-${index}`;
          const label = names?.[index]?.name?.trim() || `Tipo de ingresso ${index + 1}`;
          return (
            <li key={field.fieldKey} className="rounded-2xl border border-border bg-card p-4">
              <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                <h3 className="flex flex-wrap items-center gap-2 font-semibold">
                  Tipo de ingresso {index + 1}
                  {info ? <Badge tone="accent">{info.soldCount === 1 ? '1 vendido' : `${info.soldCount} vendidos`}</Badge> : null}
                  {field.id ? null : saved ? <Badge tone="neutral" className="border border-border">Novo</Badge> : null}
                </h3>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-danger"
                  disabled={!canRemove}
                  onClick={() => requestRemoval(index)}
                  aria-label={`Remover ${label}`}
                  title={canRemove ? undefined : 'O evento precisa de pelo menos um tipo de ingresso'}
                >
                  <Trash2 aria-hidden className="size-4" />
                  Remover
                </Button>
              </div>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <FormField id={`${base}-name`} label="Nome do ingresso" required error={rowErrors?.name?.message} className="sm:col-span-2">
                  {(aria) => <Input {...aria} aria-required placeholder="Ex.: Pista, VIP, Meia-entrada" {...register(`ticketTypes.${index}.name`)} />}
                </FormField>
                <FormField id={`${base}-price`} label="Preço (R$)" required error={rowErrors?.price?.message}>
                  {(aria) => (
                    <div className="relative">
                      <span aria-hidden className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted">
                        R$
                      </span>
                      <Input
                        {...aria}
                        aria-required
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder="0,00"
                        className="pl-10"
                        {...register(`ticketTypes.${index}.price`)}
                      />
                    </div>
                  )}
                </FormField>
                <FormField
                  id={`${base}-remaining`}
                  label="Quantidade disponível"
                  required
                  error={rowErrors?.remaining?.message}
                  hint={info ? 'Ingressos ainda à venda' : undefined}
                >
                  {(aria) => (
                    <Input {...aria} aria-required inputMode="numeric" autoComplete="off" {...register(`ticketTypes.${index}.remaining`)} />
                  )}
                </FormField>
                <FormField
                  id={`${base}-description`}
                  label="Descrição do ingresso"
                  error={rowErrors?.description?.message}
                  className="sm:col-span-2 lg:col-span-4"
                >
                  {(aria) => <Textarea {...aria} rows={2} placeholder="Opcional: o que este ingresso inclui" {...register(`ticketTypes.${index}.description`)} />}
                </FormField>
              </div>
            </li>
          );
        })}
      </ol>
      <Button variant="outline" onClick={() => append(newTicketTypeRow())} disabled={fields.length >= MAX_TICKET_TYPES}>
        <Plus aria-hidden className="size-5" />
        Adicionar tipo de ingresso
      </Button>
      <ConfirmDialog
        open={pendingRemoval !== null}
        onOpenChange={(open) => !open && setPendingRemoval(null)}
        title="Remover este tipo de ingresso?"
        description={pendingRemoval ? `"${pendingRemoval.name}" será removido do evento agora.` : undefined}
        confirmLabel="Remover"
        isPending={isRemoving}
        onConfirm={() => void confirmRemoval()}
      />
    </section>
  );
}
