import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { FileText, Gift, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { issueCourtesiesSchema, type AdminCourtesy, type AdminSector } from '../../../../../shared/schemas/admin-events';
import { formatInstant } from '../../../../../shared/dates';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { reportSaveError } from '../../../../lib/save-error';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { EmptyState } from '../../../../components/empty-state';
import { LoadError } from '../../../../components/load-error';
import { FormField } from '../../../../components/form-field';
import { Select } from '../../components/form-field';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { useIssueCourtesies } from '../api/issue-courtesies';
import { useCourtesies } from '../api/list-courtesies';
import { parseCourtesyCsv, type CourtesyCsvResult, type CourtesyRecipient } from '../lib/courtesy-csv';

const recipientShape = issueCourtesiesSchema.shape.recipients.element.shape;
const courtesyFormSchema = z.object({
  sectorId: issueCourtesiesSchema.shape.sectorId,
  name: recipientShape.name,
  email: recipientShape.email,
});
type CourtesyFormValues = z.input<typeof courtesyFormSchema>;
type CourtesyFormOutput = z.output<typeof courtesyFormSchema>;

const ISSUE_ERROR = 'Não foi possível emitir a cortesia';
const ticketStatusLabel: Readonly<Record<string, string>> = {
  valid: 'Válido',
  used: 'Utilizado',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
  expired: 'Expirado',
  pending: 'Pendente',
};

function CourtesyStatus({ courtesy }: { courtesy: AdminCourtesy }) {
  if (!courtesy.claimed) return <Badge tone="warning">Aguardando cadastro</Badge>;
  return (
    <Badge tone={courtesy.ticketStatus === 'valid' ? 'success' : 'neutral'}>
      {ticketStatusLabel[courtesy.ticketStatus] ?? courtesy.ticketStatus}
    </Badge>
  );
}

const columns: DataTableColumn<AdminCourtesy>[] = [
  {
    key: 'name',
    header: 'Nome',
    cell: (courtesy) => (
      <span className="block min-w-0">
        <span className="block font-semibold">{courtesy.name}</span>
        <span className="block truncate text-xs font-normal text-muted">{courtesy.email}</span>
      </span>
    ),
  },
  { key: 'sector', header: 'Setor', cell: (courtesy) => courtesy.sectorName },
  { key: 'issuedBy', header: 'Emitida por', cell: (courtesy) => courtesy.issuedBy ?? '—' },
  { key: 'issuedAt', header: 'Quando', cell: (courtesy) => <span className="whitespace-nowrap">{formatInstant(courtesy.issuedAt)}</span> },
  { key: 'status', header: 'Situação', cell: (courtesy) => <CourtesyStatus courtesy={courtesy} /> },
];

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

/**
 * 'Cortesias' of an event (docs/rules/sale.md 'Courtesies'): free tickets of a sector issued to a name and
 * e-mail, one at a time or from a CSV of 'nome,email' lines read in the browser, then the list.
 */
export function CourtesiesSection({ eventId, sectors }: { eventId: string; sectors: AdminSector[] }) {
  const issue = useIssueCourtesies();
  const { data, isPending, isError, refetch } = useCourtesies(eventId);
  const fileId = useId();
  const [csv, setCsv] = useState<(CourtesyCsvResult & { fileName: string }) | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const form = useForm<CourtesyFormValues, unknown, CourtesyFormOutput>({
    defaultValues: { sectorId: sectors.length === 1 ? sectors[0].id : '', name: '', email: '' },
    resolver: zodResolver(courtesyFormSchema),
  });
  const { register, handleSubmit, setError, reset, trigger, control, formState } = form;
  const { errors } = formState;
  const sectorId = useWatch({ control, name: 'sectorId' });
  const courtesies = data?.courtesies ?? [];

  useEffect(() => {
    if (isError) toast.error('Não foi possível carregar as cortesias.');
  }, [isError]);

  async function send(recipients: CourtesyRecipient[], sectorId: string) {
    const result = await issue.mutateAsync({ eventId, input: { sectorId: sectorId, recipients } });
    toast.success(result.issued === 1 ? 'Cortesia emitida!' : `${result.issued} cortesias emitidas!`, {
      description:
        result.invited > 0 ? `${plural(result.invited, 'convite enviado', 'convites enviados')} para quem ainda não tem conta.` : undefined,
    });
  }

  async function submitOne(values: CourtesyFormOutput) {
    try {
      await send([{ name: values.name, email: values.email }], values.sectorId);
      reset({ sectorId: values.sectorId, name: '', email: '' });
    } catch (error) {
      reportSaveError(error, ISSUE_ERROR, setError, (field) => {
        if (field === 'sectorId') return 'sectorId';
        if (typeof field === 'string' && field.endsWith('.email')) return 'email';
        if (typeof field === 'string' && field.endsWith('.name')) return 'name';
        return null;
      });
    }
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) {
      setCsv(null);
      return;
    }
    setCsv({ ...parseCourtesyCsv(await file.text()), fileName: file.name });
  }

  async function submitFile() {
    if (!csv || csv.recipients.length === 0) return;
    if (!(await trigger('sectorId'))) return;
    try {
      await send(csv.recipients, sectorId);
      setCsv(null);
      setFileKey((key) => key + 1);
    } catch (error) {
      reportSaveError(error, ISSUE_ERROR, setError, (field) => (field === 'sectorId' ? 'sectorId' : null));
    }
  }

  const isTooMany = (csv?.recipients.length ?? 0) > 500;

  return (
    <section aria-labelledby="cortesias" className="mt-10 space-y-4">
      <div>
        <h2 id="cortesias" className="text-xl font-bold">
          Cortesias
        </h2>
        <p className="text-sm text-muted">
          Ingressos gratuitos, sem taxa, que usam o estoque do setor. Quem ainda não tem conta recebe um convite por e-mail e vê o ingresso
          ao se cadastrar com esse e-mail.
        </p>
      </div>

      <form
        noValidate
        onSubmit={handleSubmit(submitOne)}
        className="space-y-4 rounded-2xl border border-border bg-card p-4 sm:p-6"
        aria-busy={issue.isPending}
      >
        <FormField id="courtesy-sector" label="Setor" required error={errors.sectorId?.message} className="sm:max-w-sm">
          {(aria) => (
            <Select {...aria} aria-required {...register('sectorId')}>
              <option value="">Escolha o setor</option>
              {sectors.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>

        <fieldset className="min-w-0">
          <legend className="mb-2 font-semibold">Uma cortesia</legend>
          <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            <FormField id="courtesy-name" label="Nome" required error={errors.name?.message}>
              {(aria) => <Input {...aria} aria-required autoComplete="off" {...register('name')} />}
            </FormField>
            <FormField id="courtesy-email" label="E-mail" required error={errors.email?.message}>
              {(aria) => (
                <Input
                  {...aria}
                  aria-required
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  spellCheck={false}
                  {...register('email')}
                />
              )}
            </FormField>
            <Button type="submit" disabled={issue.isPending} className="sm:mt-6">
              {issue.isPending ? <Loader2 aria-hidden className="size-5 animate-spin" /> : <Gift aria-hidden className="size-5" />}
              Emitir cortesia
            </Button>
          </div>
        </fieldset>

        <div className="border-t border-border pt-4">
          <fieldset className="min-w-0">
            <legend className="mb-2 font-semibold">Várias cortesias por arquivo</legend>
            <label htmlFor={fileId} className="mb-1 block text-sm font-medium">
              Arquivo CSV
            </label>
            <input
              key={fileKey}
              id={fileId}
              type="file"
              accept=".csv,text/csv,text/plain"
              aria-describedby={`${fileId}-hint`}
              onChange={(event) => void readFile(event)}
              className="block w-full max-w-full text-sm file:mr-3 file:rounded-xl file:border file:border-border file:bg-surface file:px-3 file:py-2 file:font-medium file:text-fg"
            />
            <p id={`${fileId}-hint`} className="mt-1 text-xs text-muted">
              Uma pessoa por linha: nome,email (ou nome;email). Até 500 por vez.
            </p>
            {csv ? (
              <div className="mt-3 space-y-2 rounded-xl bg-surface/60 p-3 text-sm" role="status">
                <p className="flex items-center gap-2 font-medium">
                  <FileText aria-hidden className="size-4 shrink-0" />
                  <span className="min-w-0 break-words">
                    {csv.fileName}: {plural(csv.linesRead, 'linha lida', 'linhas lidas')} ·{' '}
                    {plural(csv.recipients.length, 'pronta', 'prontas')} para emitir
                    {csv.refused.length > 0 ? ` · ${plural(csv.refused.length, 'recusada', 'recusadas')}` : ''}
                  </span>
                </p>
                {csv.refused.length > 0 ? (
                  <ul className="max-h-40 space-y-0.5 overflow-y-auto text-danger" aria-label="Linhas recusadas">
                    {csv.refused.map((problem) => (
                      <li key={problem.line}>
                        Linha {problem.line}: {problem.reason}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {isTooMany ? <p className="text-danger">No máximo 500 cortesias por vez: divida o arquivo.</p> : null}
                <Button
                  variant="outline"
                  disabled={issue.isPending || csv.recipients.length === 0 || isTooMany}
                  onClick={() => void submitFile()}
                >
                  {issue.isPending ? <Loader2 aria-hidden className="size-5 animate-spin" /> : <Gift aria-hidden className="size-5" />}
                  {csv.recipients.length === 1 ? 'Emitir 1 cortesia' : `Emitir ${csv.recipients.length} cortesias`}
                </Button>
              </div>
            ) : null}
          </fieldset>
        </div>
      </form>

      {isPending ? (
        <ListSkeleton count={2} className="h-14" />
      ) : isError ? (
        <LoadError icon={Gift} title="Não foi possível carregar as cortesias." onRetry={() => void refetch()} />
      ) : courtesies.length === 0 ? (
        <EmptyState icon={Gift} title="Nenhuma cortesia emitida" description="As cortesias deste evento aparecem aqui." />
      ) : (
        <DataTable caption="Cortesias do evento" columns={columns} rows={courtesies} rowKey={(courtesy) => courtesy.orderId} />
      )}
    </section>
  );
}
