import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Bell, ChevronRight, Mail, Pencil, Phone, Settings, ShieldAlert, ShieldCheck, Ticket, Trash2 } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatMonthYear } from '../../../../shared/dates';
import { useMyProfile } from '../api/get-my-profile';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { InfoItem } from '../components/info-item';
import { ProfileAvatar } from '../components/profile-avatar';
import { ProfileStats } from '../components/profile-stats';
import { LoadError } from '../../../components/load-error';

function QuickLink({ to, icon: Icon, label, description }: { to: string; icon: LucideIcon; label: string; description: string }) {
  return (
    <Link to={to} className="flex items-center gap-3 rounded-2xl border border-border bg-card p-4 transition hover:bg-surface">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface text-accent">
        <Icon aria-hidden className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{label}</span>
        <span className="block text-sm text-muted">{description}</span>
      </span>
      <ChevronRight aria-hidden className="size-5 text-muted" />
    </Link>
  );
}

/** /profile (docs/screens.md 'Profile'): who the person is, their statistics, shortcuts and 'Excluir conta'. */
export function ProfilePage() {
  const { data: profile, isLoading, isError, refetch } = useMyProfile();
  const [isDeleteOpen, setDeleteOpen] = useState(false);

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar perfil', { description: 'Não foi possível carregar suas informações.' });
  }, [isError]);

  return (
    <div className="mx-auto w-full max-w-3xl space-y-8">
      <title>Meu perfil - Next Level</title>
      <h1 className="sr-only">Meu perfil</h1>
      {isLoading ? (
        <div role="status" aria-label="Carregando perfil" className="rounded-3xl border border-border bg-card p-6">
          <div className="flex items-center gap-4">
            <Skeleton className="size-24 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </div>
        </div>
      ) : isError || !profile ? (
        <LoadError title="Não foi possível carregar suas informações." onRetry={() => refetch()} />
      ) : (
        <section aria-labelledby="profile-name" className="overflow-hidden rounded-3xl border border-border bg-card">
          <div className="h-20 bg-linear-to-r from-brand-next-level via-brand-ay-yo to-brand-kxp sm:h-24" aria-hidden />
          <div className="-mt-12 px-5 pb-6 sm:px-6">
            <div className="flex items-end justify-between gap-4">
              <ProfileAvatar name={profile.fullName || profile.email} avatarUrl={profile.avatarUrl} />
              <Button asChild variant="outline" size="sm" className="self-start sm:self-auto">
                <Link to="/profile/edit">
                  <Pencil aria-hidden className="size-4" /> Editar perfil
                </Link>
              </Button>
            </div>
            <h2 id="profile-name" className="mt-3 text-2xl font-extrabold tracking-tight break-words">
              {profile.fullName || profile.email}
            </h2>
            <p className="mt-1 text-sm text-muted">Membro desde {formatMonthYear(profile.createdAt)}</p>
            <dl className="mt-5 grid gap-4 sm:grid-cols-2">
              <InfoItem icon={Mail} label="E-mail">
                {profile.email}
              </InfoItem>
              <InfoItem icon={Phone} label="Telefone">
                {profile.phone ?? <span className="font-normal text-muted">Não informado</span>}
              </InfoItem>
              <InfoItem
                icon={profile.emailVerified ? ShieldCheck : ShieldAlert}
                iconClassName={profile.emailVerified ? 'text-success' : 'text-amber-700 dark:text-amber-300'}
                label="Situação da conta"
                className="sm:col-span-2"
              >
                {profile.emailVerified ? (
                  <Badge tone="success">Conta verificada</Badge>
                ) : (
                  <Badge tone="warning">Aguardando verificação</Badge>
                )}
              </InfoItem>
            </dl>
          </div>
        </section>
      )}

      <p className="flex gap-3 rounded-2xl bg-surface p-4 text-sm">
        <Bell aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        <span>
          Avisamos você sobre seus pedidos, ingressos e novidades dos eventos. Escolha como receber em{' '}
          <Link to="/settings" className="font-semibold text-accent underline underline-offset-2">
            Configurações
          </Link>
          .
        </span>
      </p>

      <ProfileStats />

      <section aria-labelledby="profile-shortcuts" className="space-y-3">
        <h2 id="profile-shortcuts" className="text-lg font-bold">
          Atalhos
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <QuickLink to="/tickets" icon={Ticket} label="Meus ingressos" description="QR codes para a entrada" />
          <QuickLink to="/settings" icon={Settings} label="Configurações" description="Notificações, tema e privacidade" />
        </div>
      </section>

      <section aria-labelledby="profile-danger" className="rounded-3xl border border-danger/40 p-5">
        <h2 id="profile-danger" className="text-lg font-bold">
          Excluir conta
        </h2>
        <p className="mt-1 text-sm text-muted">
          Apaga sua conta e seus dados pessoais para sempre. Antes, se quiser, baixe uma cópia em{' '}
          <Link to="/data-management" className="font-semibold text-accent underline underline-offset-2">
            Gerenciar dados
          </Link>
          .
        </p>
        <Button variant="danger" className="mt-4" onClick={() => setDeleteOpen(true)}>
          <Trash2 aria-hidden className="size-4" /> Excluir conta
        </Button>
      </section>

      <DeleteAccountDialog open={isDeleteOpen} onOpenChange={setDeleteOpen} />
    </div>
  );
}
