import { Controller, useFormContext } from 'react-hook-form';
import type { EventFormValues } from '../../../../../shared/schemas/admin-events';
import { Input } from '../../../../components/ui/input';
import { FormField } from '../../../../components/form-field';
import { MoneyField } from '../../components/money-field';
import { SwitchField } from '../../components/switch-field';

/**
 * Limits per order and per CPF, and the service fee (docs/rules/sale.md 'Selling the Brazilian way'): a percentage of each
 * ticket's price with optional bounds per ticket, passed on to the buyer or absorbed. Once the
 * event has sales the fee is shown read-only: the server keeps what was sold with it. Then who
 * holds each ticket (docs/rules/transfers.md 'Transfers'): nominal tickets, and whether and until
 * when buyers may transfer them.
 */
export function SaleRulesFields({ isFeeLocked = false }: { isFeeLocked?: boolean }) {
  const { control, register, formState, watch } = useFormContext<EventFormValues>();
  const isTransferAllowed = watch('transferAllowed') !== false;
  const { errors } = formState;
  const lockedHint = 'Com vendas feitas, a taxa não muda.';

  return (
    <section aria-labelledby="secao-regras-de-venda" className="rounded-2xl border border-border bg-card p-4 sm:p-6">
      <h2 id="secao-regras-de-venda" className="mb-4 text-lg font-bold">
        Limites e taxa de serviço
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField
          id="maxTicketsPerOrder"
          label="Limite por pedido"
          error={errors.maxTicketsPerOrder?.message}
          hint="Ingressos por compra. Em branco = sem limite."
        >
          {(aria) => (
            <Input {...aria} inputMode="numeric" autoComplete="off" placeholder="Sem limite" {...register('maxTicketsPerOrder')} />
          )}
        </FormField>
        <FormField
          id="maxTicketsPerCpf"
          label="Limite por CPF"
          error={errors.maxTicketsPerCpf?.message}
          hint="Ingressos por pessoa no evento. Em branco = sem limite."
        >
          {(aria) => <Input {...aria} inputMode="numeric" autoComplete="off" placeholder="Sem limite" {...register('maxTicketsPerCpf')} />}
        </FormField>
        <FormField
          id="serviceFeePercent"
          label="Taxa de serviço (%)"
          error={errors.serviceFeePercent?.message}
          hint={isFeeLocked ? lockedHint : 'Sobre o preço de cada ingresso, ex.: 10 ou 7,5. Em branco = sem taxa.'}
          className="sm:col-span-2"
        >
          {(aria) => (
            <div className="relative">
              <Input
                {...aria}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0"
                readOnly={isFeeLocked}
                className={isFeeLocked ? 'bg-surface pr-10 text-muted' : 'pr-10'}
                {...register('serviceFeePercent')}
              />
              <span aria-hidden className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted">
                %
              </span>
            </div>
          )}
        </FormField>
        <MoneyField
          control={control}
          name="serviceFeeMin"
          id="serviceFeeMin"
          label="Taxa mínima (R$)"
          error={errors.serviceFeeMin?.message}
          hint="Por ingresso. Opcional."
          readOnly={isFeeLocked}
        />
        <MoneyField
          control={control}
          name="serviceFeeMax"
          id="serviceFeeMax"
          label="Taxa máxima (R$)"
          error={errors.serviceFeeMax?.message}
          hint="Por ingresso. Opcional."
          readOnly={isFeeLocked}
        />
        <Controller
          control={control}
          name="serviceFeeAbsorbed"
          render={({ field }) => (
            <SwitchField
              id="serviceFeeAbsorbed"
              label="Taxa absorvida pelo organizador"
              description="Ligado: o comprador paga só o preço do ingresso e a taxa sai do seu repasse. Desligado: a taxa aparece e é somada ao total."
              checked={field.value === true}
              onChange={field.onChange}
              disabled={isFeeLocked}
              className="sm:col-span-2"
            />
          )}
        />
        <Controller
          control={control}
          name="serviceFeeRefundable"
          render={({ field }) => (
            <SwitchField
              id="serviceFeeRefundable"
              label="Devolver a taxa em qualquer reembolso"
              description="A taxa sempre volta na desistência em até 7 dias da compra (até 48 horas antes do evento) e no cancelamento do evento. Ligado: volta também nos outros reembolsos."
              checked={field.value === true}
              onChange={field.onChange}
              disabled={isFeeLocked && field.value === true}
              className="sm:col-span-2"
            />
          )}
        />
      </div>
      <h3 id="secao-titulares" className="mt-6 mb-4 text-base font-bold">
        Titular e transferência
      </h3>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" role="group" aria-labelledby="secao-titulares">
        <Controller
          control={control}
          name="nominal"
          render={({ field }) => (
            <SwitchField
              id="nominal"
              label="Ingressos nominais"
              description="Ligado: cada ingresso leva o CPF de quem vai usar; trocar o titular ou transferir pede o CPF da pessoa."
              checked={field.value === true}
              onChange={field.onChange}
              className="sm:col-span-2"
            />
          )}
        />
        <Controller
          control={control}
          name="rotatingQr"
          render={({ field }) => (
            <SwitchField
              id="rotatingQr"
              label="QR code rotativo"
              description="O QR code no app muda a cada 30 segundos e não pode ser baixado: capturas de tela e cópias não entram. A portaria confere online e offline."
              checked={field.value === true}
              onChange={field.onChange}
              className="sm:col-span-2"
            />
          )}
        />
        <Controller
          control={control}
          name="transferAllowed"
          render={({ field }) => (
            <SwitchField
              id="transferAllowed"
              label="Permitir transferência"
              description="Quem comprou pode passar o ingresso para outra pessoa, que aceita pelo link enviado por e-mail e recebe um QR code novo."
              checked={field.value !== false}
              onChange={field.onChange}
              className="sm:col-span-2"
            />
          )}
        />
        {isTransferAllowed ? (
          <FormField
            id="transferDeadlineHours"
            label="Prazo para transferir (horas)"
            error={errors.transferDeadlineHours?.message}
            hint="Horas antes do início em que as transferências se encerram. Padrão: 24."
            className="sm:col-span-2"
          >
            {(aria) => <Input {...aria} inputMode="numeric" autoComplete="off" placeholder="24" {...register('transferDeadlineHours')} />}
          </FormField>
        ) : null}
      </div>
    </section>
  );
}
