import { useEffect } from 'react';
import { useParams } from 'react-router';
import { FileSearch, FileText, Sheet } from 'lucide-react';
import { toast } from 'sonner';
import { formatClockTime } from '../../../../../shared/dates';
import { Badge } from '../../../../components/ui/badge';
import { ApiError } from '../../../../lib/api';
import { EmptyState } from '../../../../components/empty-state';
import { LoadError } from '../../../../components/load-error';
import { ListSkeleton } from '../../../../components/list-skeleton';
import { DownloadButton } from '../../components/download-button';
import { EventReportHeader } from '../../components/event-report-header';
import { borderoCsvUrl, borderoPdfUrl, useBordero } from '../api/get-bordero';
import { BorderoDoor } from '../components/bordero-door';
import { BorderoFigures } from '../components/bordero-figures';
import { BorderoLines, BorderoSubtotals } from '../components/bordero-lines';
import { BorderoNfse } from '../components/bordero-nfse';
import { BorderoSettingsForm } from '../components/bordero-settings-form';
import { BorderoSplit } from '../components/bordero-split';

/**
 * /admin/events/:id/bordero ('Borderô'): the event's sales from gross to net per session, sector,
 * lot, kind and channel, the meia-entrada against the reserve, the entries per hour and gate, the
 * ECAD estimate and set list, the co-producers' split and the NFS-e text; live while it is open,
 * with 'Baixar PDF' and 'Baixar CSV'.
 */
export function BorderoPage() {
  const { id = '' } = useParams();
  const { data, isPending, isError, error, refetch, dataUpdatedAt } = useBordero(id);
  const isMissing = error instanceof ApiError && error.status === 404;

  useEffect(() => {
    if (isError && !isMissing && !data) toast.error('Erro ao carregar o borderô');
  }, [isError, isMissing, data]);

  return (
    <>
      <EventReportHeader
        title="Borderô"
        eventId={id}
        event={data?.event}
        actions={
          data ? (
            <>
              <DownloadButton href={borderoPdfUrl(id)} icon={FileText}>
                Baixar PDF
              </DownloadButton>
              <DownloadButton href={borderoCsvUrl(id)} icon={Sheet}>
                Baixar CSV
              </DownloadButton>
            </>
          ) : null
        }
      />
      {isPending ? (
        <ListSkeleton count={5} />
      ) : isMissing ? (
        <EmptyState icon={FileSearch} title="Evento não encontrado" />
      ) : !data ? (
        <LoadError icon={FileSearch} title="Erro ao carregar o borderô" onRetry={() => void refetch()} />
      ) : (
        <div className="space-y-6">
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted" aria-live="polite">
            <Badge tone={isError ? 'warning' : 'success'}>{isError ? 'Sem conexão' : 'Ao vivo'}</Badge>
            Atualizado às {formatClockTime(new Date(dataUpdatedAt))}
            {data.event.cancelled ? <Badge tone="danger">Evento cancelado</Badge> : null}
          </p>
          <BorderoFigures bordero={data} />
          <BorderoLines bordero={data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <BorderoSubtotals id="bordero-canal" title="Por canal" label="Canal" subtotals={data.byChannel} />
            <BorderoSubtotals id="bordero-tipo" title="Por tipo" label="Tipo" subtotals={data.byKind} />
          </div>
          <BorderoDoor bordero={data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <BorderoSettingsForm key={data.event.id} bordero={data} />
            <BorderoSplit bordero={data} />
          </div>
          <BorderoNfse text={data.nfseText} />
        </div>
      )}
    </>
  );
}
