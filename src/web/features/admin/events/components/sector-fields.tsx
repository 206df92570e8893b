import { useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { MAX_TICKET_TYPES, type EventFormValues } from '../../../../../shared/schemas/admin-events';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Badge } from '../../../../components/ui/badge';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { DateTimeInput } from '../../components/date-time-input';
import { FormField } from '../../../../components/form-field';
import { Textarea } from '../../components/form-field';
import { SwitchField } from '../../components/switch-field';
import { formatMeiaReserve, newSectorRow, type SavedSectorInfo } from '../lib/event-form-values';
import { LotFields } from './lot-fields';

interface SectorFieldsProps {
  /** Sales per saved sector id (edit form). */
  saved?: Record<string, SavedSectorInfo>;
  /** Removes a saved sector on the server; rejects with the server's message (edit form). */
  onRemoveSaved?(sectorId: string): Promise<void>;
}

/**
 * The sectors of the event form (docs/rules/sale.md 'Sectors and lots'): name and description, the lots sold one
 * after another, an optional sales window and the pre-sale switch; at least one sector remains,
 * so 'Remover' is off when only one is left.
 */
export function SectorFields({ saved, onRemoveSaved }: SectorFieldsProps) {
  const { control, register, formState } = useFormContext<EventFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'sectors', keyName: 'fieldKey' });
  const names = useWatch({ control, name: 'sectors' });
  const [pendingRemoval, setPendingRemoval] = useState<{ index: number; id: string; name: string } | null>(null);
  const [isRemoving, setRemoving] = useState(false);
  const errors = formState.errors.sectors;
  const listError = errors?.root?.message ?? errors?.message;
  const canRemove = fields.length > 1;

  function requestRemoval(index: number) {
    const id = fields[index].id;
    if (id && onRemoveSaved) {
      setPendingRemoval({ index, id, name: names?.[index]?.name || 'este setor' });
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
      // The caller showed why; the sector stays.
      setPendingRemoval(null);
    } finally {
      setRemoving(false);
    }
  }

  return (
    <section aria-labelledby="setores" className="space-y-4">
      <div>
        <h2 id="setores" className="text-lg font-bold">
          Setores e lotes
        </h2>
        <p className="text-sm text-muted">
          Cada setor vende em lotes, um de cada vez. A meia-entrada é metade do preço do lote, com reserva de 40% dos ingressos do setor.
        </p>
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
          const base = `sectors-${index}`;
          const label = names?.[index]?.name?.trim() || `Setor ${index + 1}`;
          return (
            <li key={field.fieldKey} className="rounded-2xl border border-border bg-card p-4 sm:p-6">
              <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                <h3 className="flex flex-wrap items-center gap-2 text-base font-bold">
                  Setor {index + 1}
                  {info ? <Badge tone="accent">{info.soldCount === 1 ? '1 vendido' : `${info.soldCount} vendidos`}</Badge> : null}
                  {field.id ? null : saved ? (
                    <Badge tone="neutral" className="border border-border">
                      Novo
                    </Badge>
                  ) : null}
                </h3>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-danger"
                  disabled={!canRemove}
                  onClick={() => requestRemoval(index)}
                  aria-label={`Remover ${label}`}
                  title={canRemove ? undefined : 'O evento precisa de pelo menos um setor'}
                >
                  <Trash2 aria-hidden className="size-4" />
                  Remover
                </Button>
              </div>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <FormField id={`${base}-name`} label="Nome do setor" required error={rowErrors?.name?.message} className="sm:col-span-2">
                  {(aria) => (
                    <Input {...aria} aria-required placeholder="Ex.: Pista, VIP, Camarote" {...register(`sectors.${index}.name`)} />
                  )}
                </FormField>
                <FormField
                  id={`${base}-description`}
                  label="Descrição do setor"
                  error={rowErrors?.description?.message}
                  className="sm:col-span-2"
                >
                  {(aria) => (
                    <Textarea
                      {...aria}
                      rows={2}
                      placeholder="Opcional: o que este setor inclui"
                      {...register(`sectors.${index}.description`)}
                    />
                  )}
                </FormField>

                <LotFields sectorIndex={index} sectorLabel={label} saved={info} />

                {info ? (
                  <p className="rounded-xl bg-surface/60 px-3 py-2 text-sm sm:col-span-2 lg:col-span-4">{formatMeiaReserve(info)}</p>
                ) : null}

                <Controller
                  control={control}
                  name={`sectors.${index}.salesStartAt`}
                  render={({ field: start }) => (
                    <FormField
                      id={`${base}-salesStartAt`}
                      label="Início das vendas do setor"
                      error={rowErrors?.salesStartAt?.message}
                      hint="Opcional. Horário de Brasília."
                      className="sm:col-span-1 lg:col-span-2"
                    >
                      {(aria) => (
                        <DateTimeInput
                          {...aria}
                          ref={start.ref}
                          name={start.name}
                          value={start.value}
                          onChange={start.onChange}
                          onBlur={start.onBlur}
                        />
                      )}
                    </FormField>
                  )}
                />
                <Controller
                  control={control}
                  name={`sectors.${index}.salesEndAt`}
                  render={({ field: end }) => (
                    <FormField
                      id={`${base}-salesEndAt`}
                      label="Fim das vendas do setor"
                      error={rowErrors?.salesEndAt?.message}
                      hint="Opcional. Em branco: até o evento."
                      className="sm:col-span-1 lg:col-span-2"
                    >
                      {(aria) => (
                        <DateTimeInput
                          {...aria}
                          ref={end.ref}
                          name={end.name}
                          value={end.value}
                          onChange={end.onChange}
                          onBlur={end.onBlur}
                        />
                      )}
                    </FormField>
                  )}
                />
                <Controller
                  control={control}
                  name={`sectors.${index}.hiddenWithoutCode`}
                  render={({ field: hidden }) => (
                    <SwitchField
                      id={`${base}-hiddenWithoutCode`}
                      label="Pré-venda (só com código de acesso)"
                      description="O setor fica escondido na página do evento até alguém digitar um cupom que o libera (em Cupons)."
                      checked={hidden.value === true}
                      onChange={hidden.onChange}
                      className="sm:col-span-2 lg:col-span-4"
                    />
                  )}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <Button variant="outline" onClick={() => append(newSectorRow())} disabled={fields.length >= MAX_TICKET_TYPES}>
        <Plus aria-hidden className="size-5" />
        Adicionar setor
      </Button>
      <ConfirmDialog
        open={pendingRemoval !== null}
        onOpenChange={(open) => !open && setPendingRemoval(null)}
        title="Remover este setor?"
        description={pendingRemoval ? `“${pendingRemoval.name}” será removido do evento agora.` : undefined}
        confirmLabel="Remover"
        isPending={isRemoving}
        onConfirm={() => void confirmRemoval()}
      />
    </section>
  );
}
