import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Input } from '../../../components/ui/input';
import { formatCpf } from '../../../../shared/cpf';
import type { CheckoutFormValues } from '../lib/checkout-form';
import { FormField } from '../../../components/form-field';

/**
 * Who uses each full-price ticket (docs/rules/transfers.md 'Named tickets': holder names at checkout):
 * a name per unit, shown on the ticket, its QR screen and at the door. The first is the buyer
 * unless another name is typed ('Sou eu' fills it); the others may stay blank. Where the event is
 * nominal (`askCpf`), each unit also asks its holder's CPF ('Sou eu' fills the buyer's).
 */
export function TicketHolderFields({
  form,
  sectorNames,
  askCpf = false,
}: {
  form: UseFormReturn<CheckoutFormValues>;
  sectorNames: string[];
  askCpf?: boolean;
}) {
  const { control, register, setValue, formState } = form;
  const buyerName = useWatch({ control, name: 'buyer.name' }) ?? '';
  const buyerCpf = useWatch({ control, name: 'buyer.cpf' }) ?? '';
  if (sectorNames.length === 0) return null;

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-1 text-base font-bold">
        {sectorNames.length === 1 ? 'Quem vai usar o ingresso' : 'Quem vai usar cada ingresso'}
      </legend>
      <p className="text-sm text-muted">
        {askCpf
          ? 'Evento nominal: cada ingresso leva o nome e o CPF de quem vai usar, conferidos na entrada.'
          : 'O nome aparece no ingresso e na entrada. Em branco, o primeiro fica no seu nome.'}
      </p>
      {sectorNames.map((sectorName, index) => {
        const label = sectorNames.length > 1 ? `Ingresso ${index + 1} · ${sectorName}` : `Ingresso · ${sectorName}`;
        return (
          <div key={index} className="space-y-2">
            <div className="flex items-end gap-2">
              <FormField id={`holder-${index}`} label={label} error={formState.errors.holders?.[index]?.message} className="flex-1">
                {(aria) => (
                  <Input
                    {...aria}
                    {...register(`holders.${index}`)}
                    autoComplete={index === 0 ? 'name' : 'off'}
                    placeholder={index === 0 && buyerName.trim() ? buyerName.trim() : 'Nome de quem vai usar'}
                  />
                )}
              </FormField>
              <button
                type="button"
                className="mb-0.5 h-10 shrink-0 rounded-xl border border-border px-3 text-sm font-medium hover:bg-surface disabled:opacity-50"
                disabled={!buyerName.trim()}
                onClick={() => {
                  setValue(`holders.${index}`, buyerName.trim(), { shouldDirty: true });
                  if (askCpf && buyerCpf.trim()) setValue(`holderCpfs.${index}`, formatCpf(buyerCpf), { shouldDirty: true });
                }}
                aria-label={`Sou eu: ${label}`}
              >
                Sou eu
              </button>
            </div>
            {askCpf ? (
              <FormField id={`holder-cpf-${index}`} label={`CPF · ${label}`} error={formState.errors.holderCpfs?.[index]?.message}>
                {(aria) => (
                  <Input
                    {...aria}
                    {...register(`holderCpfs.${index}`, { onChange: (e) => setValue(`holderCpfs.${index}`, formatCpf(e.target.value)) })}
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="000.000.000-00"
                  />
                )}
              </FormField>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
