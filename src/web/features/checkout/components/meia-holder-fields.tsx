import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ChevronDown } from 'lucide-react';
import { concessionDocumentLabel, concessionLabel, concessions, type Concession } from '../../../../shared/concessions';
import { formatCpf } from '../../../../shared/cpf';
import { Input } from '../../../components/ui/input';
import { formatBirthDate, type CheckoutFormValues } from '../lib/checkout-form';
import { FormField } from '../../../components/form-field';
import { MaskedField } from './masked-field';

/**
 * Who uses each half-price unit (docs/rules/meia-entrada.md 'Documents', Lei 12.933/2013): category, name, CPF, birth
 * date and, where the category has one, the document number; the door checks the document.
 * 'Acompanhante de PcD' is offered only beside another unit of 'Pessoa com deficiência'.
 */
export function MeiaHolderFields({ form, sectorNames }: { form: UseFormReturn<CheckoutFormValues>; sectorNames: string[] }) {
  const { control, register, formState } = form;
  const units = useWatch({ control, name: 'meia' }) ?? [];
  if (sectorNames.length === 0) return null;

  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className="mb-1 text-base font-bold">Dados da meia-entrada</legend>
      <p className="text-sm text-muted">
        Cada meia-entrada é pessoal: informe os dados de quem vai usar. O documento é conferido na entrada, e cada CPF pode ter uma
        meia-entrada neste evento.
      </p>
      {sectorNames.map((sectorName, index) => {
        const concession = (units[index]?.concession ?? '') as Concession | '';
        const errors = formState.errors.meia?.[index];
        const documentLabel = concession ? concessionDocumentLabel[concession] : null;
        const othersPcd = units.some((unit, other) => other !== index && unit?.concession === 'pcd');
        const title =
          sectorNames.length > 1 ? `Meia-entrada ${index + 1} de ${sectorNames.length} · ${sectorName}` : `Meia-entrada · ${sectorName}`;
        return (
          <div key={index} role="group" aria-label={title} className="space-y-3 rounded-2xl border border-border p-4">
            <h4 className="text-sm font-bold">{title}</h4>
            <FormField id={`meia-${index}-concession`} label="Categoria" error={errors?.concession?.message}>
              {(aria) => (
                <div className="relative">
                  <select
                    {...aria}
                    {...register(`meia.${index}.concession`)}
                    className="h-11 w-full cursor-pointer appearance-none rounded-xl border border-border bg-card pr-10 pl-3 text-base text-fg aria-[invalid=true]:border-danger"
                  >
                    <option value="" disabled>
                      Escolha a categoria
                    </option>
                    {concessions.map((option) => (
                      <option key={option} value={option} disabled={option === 'pcd_companion' && !othersPcd && concession !== option}>
                        {concessionLabel[option]}
                        {option === 'pcd_companion' && !othersPcd ? ' (só com uma meia de PcD)' : ''}
                      </option>
                    ))}
                  </select>
                  <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-muted" />
                </div>
              )}
            </FormField>
            <FormField id={`meia-${index}-name`} label="Nome completo" error={errors?.name?.message}>
              {(aria) => <Input {...aria} {...register(`meia.${index}.name`)} autoComplete="off" required />}
            </FormField>
            <div className="grid gap-3 sm:grid-cols-2">
              <MaskedField
                control={control}
                name={`meia.${index}.cpf`}
                id={`meia-${index}-cpf`}
                label="CPF"
                error={errors?.cpf?.message}
                format={formatCpf}
                inputProps={{ inputMode: 'numeric', autoComplete: 'off', placeholder: '000.000.000-00' }}
              />
              <MaskedField
                control={control}
                name={`meia.${index}.birthDate`}
                id={`meia-${index}-birth-date`}
                label="Data de nascimento"
                error={errors?.birthDate?.message}
                format={formatBirthDate}
                inputProps={{ inputMode: 'numeric', autoComplete: 'off', placeholder: 'dd/mm/aaaa' }}
              />
            </div>
            {documentLabel ? (
              <FormField id={`meia-${index}-document`} label={documentLabel} error={errors?.documentNumber?.message}>
                {(aria) => <Input {...aria} {...register(`meia.${index}.documentNumber`)} autoComplete="off" required />}
              </FormField>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
