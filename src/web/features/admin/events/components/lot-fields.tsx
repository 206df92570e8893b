import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { MAX_LOTS, type EventFormValues } from '../../../../../shared/schemas/admin-events';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { DateTimeInput } from '../../components/date-time-input';
import { FormField } from '../../../../components/form-field';
import { MoneyInput } from '../../components/money-input';
import { formatLotCounts, lotName, newLotRow, type SavedSectorInfo } from '../lib/event-form-values';

interface LotFieldsProps {
  sectorIndex: number;
  sectorLabel: string;
  /** Sales of the saved lots of this sector (edit form). */
  saved?: SavedSectorInfo;
}

/**
 * The lots of one sector, in the order they go on sale ('1º lote', '2º lote'...): price, units
 * left to sell, optional start and end in São Paulo time. A lot with sales keeps its price and
 * start (the server refuses to change them) and cannot be removed.
 */
export function LotFields({ sectorIndex, sectorLabel, saved }: LotFieldsProps) {
  const { control, register, formState } = useFormContext<EventFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `sectors.${sectorIndex}.lots`, keyName: 'fieldKey' });
  const sectorErrors = formState.errors.sectors?.[sectorIndex];
  const errors = sectorErrors?.lots;
  const listError = errors?.root?.message ?? errors?.message;

  return (
    <fieldset className="min-w-0 space-y-3 sm:col-span-2 lg:col-span-4">
      <legend className="mb-1 text-sm font-semibold">Lotes</legend>
      <p className="text-sm text-muted">Um lote à venda por vez: o próximo abre quando o anterior esgota ou termina.</p>
      {listError ? (
        <p className="text-sm text-danger" role="alert">
          {listError}
        </p>
      ) : null}
      <ol className="space-y-3">
        {fields.map((field, index) => {
          const lotErrors = errors?.[index];
          const counts = field.id ? saved?.lots[field.id] : undefined;
          const hasSales = counts ? counts.sold + counts.held > 0 : false;
          const base = `sectors-${sectorIndex}-lots-${index}`;
          const name = lotName(index);
          return (
            <li key={field.fieldKey} className="rounded-xl border border-border bg-surface/40 p-3">
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <h4 className="font-semibold">{name}</h4>
                  {counts ? <p className="text-xs text-muted">{formatLotCounts(counts)}</p> : null}
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-danger"
                  disabled={fields.length <= 1 || hasSales}
                  onClick={() => remove(index)}
                  aria-label={`Remover ${name} de ${sectorLabel}`}
                  title={hasSales ? 'Este lote já tem vendas' : fields.length <= 1 ? 'O setor precisa de pelo menos um lote' : undefined}
                >
                  <Trash2 aria-hidden className="size-4" />
                  Remover lote
                </Button>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <Controller
                  control={control}
                  name={`sectors.${sectorIndex}.lots.${index}.price`}
                  render={({ field: price }) => (
                    <FormField
                      id={`${base}-price`}
                      label="Preço (R$)"
                      required
                      error={lotErrors?.price?.message}
                      hint={hasSales ? 'Lote com vendas: o preço não muda.' : undefined}
                    >
                      {(aria) => (
                        <MoneyInput
                          {...aria}
                          aria-required
                          ref={price.ref}
                          name={price.name}
                          value={price.value ?? ''}
                          onChange={price.onChange}
                          onBlur={price.onBlur}
                          readOnly={hasSales}
                        />
                      )}
                    </FormField>
                  )}
                />
                <FormField
                  id={`${base}-remaining`}
                  label="Quantidade disponível"
                  required
                  error={lotErrors?.remaining?.message}
                  hint={counts ? 'Ingressos ainda à venda neste lote' : undefined}
                >
                  {(aria) => (
                    <Input
                      {...aria}
                      aria-required
                      inputMode="numeric"
                      autoComplete="off"
                      {...register(`sectors.${sectorIndex}.lots.${index}.remaining`)}
                    />
                  )}
                </FormField>
                <Controller
                  control={control}
                  name={`sectors.${sectorIndex}.lots.${index}.startsAt`}
                  render={({ field: startsAt }) => (
                    <FormField
                      id={`${base}-startsAt`}
                      label="Início do lote"
                      error={lotErrors?.startsAt?.message}
                      hint={hasSales ? 'Lote com vendas: o início não muda.' : 'Opcional. Horário de Brasília.'}
                    >
                      {(aria) => (
                        <DateTimeInput
                          {...aria}
                          ref={startsAt.ref}
                          name={startsAt.name}
                          value={startsAt.value}
                          onChange={startsAt.onChange}
                          onBlur={startsAt.onBlur}
                          readOnly={hasSales}
                        />
                      )}
                    </FormField>
                  )}
                />
                <Controller
                  control={control}
                  name={`sectors.${sectorIndex}.lots.${index}.endsAt`}
                  render={({ field: endsAt }) => (
                    <FormField
                      id={`${base}-endsAt`}
                      label="Fim do lote"
                      error={lotErrors?.endsAt?.message}
                      hint="Opcional. Sem fim: vira quando esgota."
                    >
                      {(aria) => (
                        <DateTimeInput
                          {...aria}
                          ref={endsAt.ref}
                          name={endsAt.name}
                          value={endsAt.value}
                          onChange={endsAt.onChange}
                          onBlur={endsAt.onBlur}
                        />
                      )}
                    </FormField>
                  )}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="outline"
        size="sm"
        onClick={() => append(newLotRow())}
        disabled={fields.length >= MAX_LOTS}
        aria-label={`Adicionar lote em ${sectorLabel}`}
      >
        <Plus aria-hidden className="size-4" />
        Adicionar lote
      </Button>
    </fieldset>
  );
}
