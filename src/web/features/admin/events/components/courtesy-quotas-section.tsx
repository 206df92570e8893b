import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Loader2, UsersRound } from 'lucide-react';
import { toast } from 'sonner';
import { setCourtesyQuotaSchema, type CourtesyQuota } from '../../../../../shared/schemas/admin-events';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { reportSaveError } from '../../../../lib/save-error';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FormField } from '../../../../components/form-field';
import { useCourtesyQuotas } from '../api/list-courtesy-quotas';
import { useSetCourtesyQuota } from '../api/set-courtesy-quota';

const quotaFormSchema = z.object({
  email: setCourtesyQuotaSchema.shape.email,
  quota: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'Informe a cota (número inteiro)')
    .transform(Number),
});
type QuotaFormValues = z.input<typeof quotaFormSchema>;
type QuotaFormOutput = z.output<typeof quotaFormSchema>;

const SAVE_ERROR = 'Não foi possível salvar a cota';

/**
 * 'Cotas de cortesia' of an event (docs/rules/sale.md 'Courtesies'): a staff member (an
 * administrator or a box-office operator) may be given a quota of courtesies for the event; the
 * server refuses what does not fit.
 */
export function CourtesyQuotasSection({ eventId }: { eventId: string }) {
  const { data } = useCourtesyQuotas(eventId);
  const save = useSetCourtesyQuota();
  const form = useForm<QuotaFormValues, unknown, QuotaFormOutput>({
    defaultValues: { email: '', quota: '' },
    resolver: zodResolver(quotaFormSchema),
  });
  const { register, handleSubmit, setError, reset, formState } = form;
  const { errors } = formState;
  const quotas = data?.quotas ?? [];

  async function submit(values: QuotaFormOutput) {
    try {
      await save.mutateAsync({ eventId, input: { email: values.email, quota: values.quota } });
      toast.success('Cota salva');
      reset({ email: '', quota: '' });
    } catch (error) {
      reportSaveError(error, SAVE_ERROR, setError, (field) => (field === 'email' ? 'email' : field === 'quota' ? 'quota' : null));
    }
  }

  async function remove(quota: CourtesyQuota) {
    try {
      await save.mutateAsync({ eventId, input: { email: quota.email, quota: null } });
      toast.success('Cota removida', { description: `${quota.name} pode emitir cortesias sem limite.` });
    } catch (error) {
      reportSaveError(error, SAVE_ERROR, setError, () => null);
    }
  }

  const columns: DataTableColumn<CourtesyQuota>[] = [
    {
      key: 'name',
      header: 'Pessoa',
      cell: (quota) => (
        <span className="block min-w-0">
          <span className="block font-semibold">{quota.name}</span>
          <span className="block truncate text-xs font-normal text-muted">{quota.email}</span>
        </span>
      ),
    },
    {
      key: 'used',
      header: 'Emitidas',
      cell: (quota) => (
        <span className="tabular-nums">
          {quota.used} de {quota.quota}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Ações',
      cell: (quota) => (
        <Button
          variant="outline"
          size="sm"
          disabled={save.isPending}
          onClick={() => void remove(quota)}
          aria-label={`Remover a cota de ${quota.name}`}
        >
          Remover cota
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="cotas-cortesia" className="mt-8 space-y-4">
      <div>
        <h3 id="cotas-cortesia" className="text-lg font-bold">
          Cotas de cortesia da equipe
        </h3>
        <p className="text-sm text-muted">
          Quem tem cota só emite cortesias até ela neste evento. Sem cota, administradores emitem sem limite e a bilheteria não emite
          cortesias.
        </p>
      </div>
      <form
        noValidate
        onSubmit={handleSubmit(submit)}
        className="grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start sm:p-6"
      >
        <FormField id="quota-email" label="E-mail da pessoa da equipe" required error={errors.email?.message}>
          {(aria) => (
            <Input {...aria} aria-required type="email" inputMode="email" autoComplete="off" spellCheck={false} {...register('email')} />
          )}
        </FormField>
        <FormField id="quota-amount" label="Cota" required error={errors.quota?.message}>
          {(aria) => <Input {...aria} aria-required inputMode="numeric" autoComplete="off" {...register('quota')} />}
        </FormField>
        <Button type="submit" disabled={save.isPending} className="sm:mt-6">
          {save.isPending ? <Loader2 aria-hidden className="size-5 animate-spin" /> : <UsersRound aria-hidden className="size-5" />}
          Salvar cota
        </Button>
      </form>
      {quotas.length > 0 ? (
        <DataTable caption="Cotas de cortesia" columns={columns} rows={quotas} rowKey={(quota) => quota.userId} />
      ) : null}
    </section>
  );
}
