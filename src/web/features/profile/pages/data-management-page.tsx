import { useState } from 'react';
import { toast } from 'sonner';
import { CalendarDays, Download, Loader2, Lock, Mail, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useDownloadMyData } from '../api/export-my-data';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { InfoItem } from '../components/info-item';
import { PageHeader } from '../../../components/page-header';
import { formatAccountDate } from '../lib/person';

const securityPoints = [
  'A conexão com o app é criptografada (HTTPS).',
  'Sua senha é guardada de forma irreversível (hash): nem nossa equipe consegue vê-la.',
  'Pagamentos com cartão são processados pelo provedor de pagamento; não guardamos o número do cartão.',
  'Só você vê seus pedidos e ingressos; cada QR code é único e assinado.',
  'Você pode baixar uma cópia dos seus dados ou excluir sua conta quando quiser (LGPD).',
];

/** /data-management (docs/screens.md 'Legal and data pages'; docs/rules/accounts-and-data.md 'Accounts and data'). */
export function DataManagementPage() {
  const { user } = useSession();
  const download = useDownloadMyData();
  const [isDeleteOpen, setDeleteOpen] = useState(false);

  function requestDownload() {
    download.mutate(undefined, {
      onSuccess: (fileName) => toast.success('Download iniciado', { description: `Seus dados estão sendo salvos no arquivo ${fileName}.` }),
      onError: (error) =>
        toast.error('Não foi possível gerar o arquivo', {
          description: error instanceof ApiError ? error.message : 'Ocorreu um erro inesperado',
        }),
    });
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <PageHeader title="Gerenciar dados" subtitle="Seus dados pessoais, do seu jeito" fallback="/settings" />

      <section aria-labelledby="data-account" className="rounded-3xl border border-border bg-card p-5 sm:p-6">
        <h2 id="data-account" className="text-lg font-bold">
          Sua conta
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <InfoItem icon={Mail} label="E-mail">
            {user?.email ?? 'Não disponível'}
          </InfoItem>
          <InfoItem icon={CalendarDays} label="Conta criada em">
            {formatAccountDate(user?.createdAt)}
          </InfoItem>
        </dl>
      </section>

      <section aria-labelledby="data-download" className="rounded-3xl border border-border bg-card p-5 sm:p-6">
        <h2 id="data-download" className="text-lg font-bold">
          Baixar meus dados
        </h2>
        <p className="mt-1 text-sm text-muted">
          Um arquivo JSON com seu perfil, configurações, favoritos, pedidos com ingressos e códigos, reembolsos e notificações.
        </p>
        <Button className="mt-4" onClick={requestDownload} disabled={download.isPending}>
          {download.isPending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Download aria-hidden className="size-4" />}
          Solicitar download
        </Button>
      </section>

      <section aria-labelledby="data-security" className="rounded-3xl border border-border bg-card p-5 sm:p-6">
        <h2 id="data-security" className="flex items-center gap-2 text-lg font-bold">
          <Lock aria-hidden className="size-5 text-accent" />
          Segurança dos seus dados
        </h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-relaxed">
          {securityPoints.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="data-delete" className="rounded-3xl border border-danger/40 p-5 sm:p-6">
        <h2 id="data-delete" className="text-lg font-bold text-danger">
          Excluir conta
        </h2>
        <p className="mt-1 text-sm text-muted">
          Apaga sua conta, perfil, favoritos, notificações e configurações. Os pedidos ficam guardados sem seus dados pessoais, como exige a
          legislação fiscal. Não é possível desfazer.
        </p>
        <Button variant="danger" className="mt-4" onClick={() => setDeleteOpen(true)}>
          <Trash2 aria-hidden className="size-4" /> Excluir conta permanentemente
        </Button>
      </section>

      <DeleteAccountDialog open={isDeleteOpen} onOpenChange={setDeleteOpen} />
    </div>
  );
}
