import type { ReactNode } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { RadioGroup } from 'radix-ui';
import { CreditCard, QrCode } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { MAX_INSTALLMENTS, formatCentavos, formatInstallmentLabel, formatInstallments } from '../../../../shared/money';
import { cardBrands, detectCardBrand } from '../lib/card';
import type { CheckoutFormValues } from '../lib/checkout-form';
import { FormField } from '../../../components/form-field';

const installmentCounts = Array.from({ length: MAX_INSTALLMENTS }, (_, i) => i + 1);

/** Payment method (PIX default, or card with 1..6 instalments 'sem juros') and the card fields. */
export function PaymentFields({
  form,
  totalCentavos,
  cardFields,
}: {
  form: UseFormReturn<CheckoutFormValues>;
  totalCentavos: number;
  /** The card's own fields: the sandbox's test form, or Stripe's card frame. */
  cardFields: ReactNode;
}) {
  const { control, register, formState } = form;
  const method = useWatch({ control, name: 'paymentMethod' });
  const cardNumber = useWatch({ control, name: 'card.cardNumber' });
  const brand = detectCardBrand(cardNumber ?? '');
  const installments = useWatch({ control, name: 'installments' });

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-2 text-base font-bold">Forma de pagamento</legend>
      <Controller
        control={control}
        name="paymentMethod"
        render={({ field }) => (
          <RadioGroup.Root
            value={field.value}
            onValueChange={(value) => field.onChange(value as 'pix' | 'card')}
            aria-label="Forma de pagamento"
            className="grid gap-2"
          >
            <MethodOption value="pix" checked={field.value === 'pix'} icon={<QrCode className="size-6" aria-hidden />} title="PIX">
              <span className="text-sm text-muted">Aprovação imediata</span>
            </MethodOption>
            <MethodOption
              value="card"
              checked={field.value === 'card'}
              icon={<CreditCard className="size-6" aria-hidden />}
              title="Cartão de crédito"
            >
              <span className="mt-1 flex flex-wrap gap-1.5" role="img" aria-label="Bandeiras aceitas: Visa, Mastercard e Elo">
                {cardBrands.map((b) => (
                  <span
                    key={b.id}
                    aria-hidden
                    className={cn(
                      'rounded-md border px-1.5 py-0.5 text-[11px] leading-none font-bold tracking-wide uppercase',
                      brand === b.id ? 'border-accent bg-accent text-accent-foreground' : 'border-border bg-card text-fg',
                    )}
                  >
                    {b.label}
                  </span>
                ))}
              </span>
            </MethodOption>
          </RadioGroup.Root>
        )}
      />

      {method === 'card' ? (
        <div className="space-y-3 rounded-2xl border border-border p-4">
          <FormField
            id="card-installments"
            label="Parcelamento"
            error={formState.errors.installments?.message}
            hint={installmentsHint(totalCentavos, installments)}
          >
            {(aria) => (
              <select
                {...aria}
                {...register('installments', { valueAsNumber: true })}
                className="h-11 w-full rounded-xl border border-border bg-card px-3 text-base text-fg"
              >
                {installmentCounts.map((count) => (
                  <option key={count} value={count}>
                    {formatInstallmentLabel(totalCentavos, count)}
                  </option>
                ))}
              </select>
            )}
          </FormField>

          {cardFields}
        </div>
      ) : null}
    </fieldset>
  );
}

/** The chosen split in full under the select (a phone cuts long options): the amounts add up to the total. */
function installmentsHint(totalCentavos: number, count: number): string | undefined {
  if (!Number.isInteger(count) || count < 2 || count > MAX_INSTALLMENTS) return undefined;
  return `${formatInstallments(totalCentavos, count)}, total ${formatCentavos(totalCentavos)}`;
}

function MethodOption({
  value,
  checked,
  icon,
  title,
  children,
}: {
  value: 'pix' | 'card';
  checked: boolean;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const id = `payment-method-${value}`;
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex min-h-16 cursor-pointer items-center gap-3 rounded-2xl border-2 p-3 transition has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
        checked ? 'border-accent bg-accent/10' : 'border-border hover:bg-surface',
      )}
    >
      <RadioGroup.Item
        id={id}
        value={value}
        className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-muted outline-none data-[state=checked]:border-accent"
      >
        <RadioGroup.Indicator className="size-2.5 rounded-full bg-accent" />
      </RadioGroup.Item>
      <span className={cn('shrink-0', checked ? 'text-accent' : 'text-muted')}>{icon}</span>
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold">{title}</span>
        {children}
      </span>
    </label>
  );
}
