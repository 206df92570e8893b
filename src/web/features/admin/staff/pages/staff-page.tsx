import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { History, Loader2, MailCheck, UserCheck, UserPlus, Users, UserX, X } from 'lucide-react';
import { toast } from 'sonner';
import {
  grantStaffRoleSchema,
  staffRoleLabel,
  staffRoleWork,
  staffRoles,
  type GrantStaffRoleInput,
  type StaffMember,
  type StaffRole,
} from '../../../../../shared/schemas/staff';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Input } from '../../../../components/ui/input';
import { ApiError } from '../../../../lib/api';
import { AdminQueryList } from '../../components/admin-list-page';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FormField } from '../../../../components/form-field';
import { Select } from '../../components/form-field';
import { PageHeader } from '../../components/page-header';
import { useGrantStaffRole } from '../api/grant-staff-role';
import { useStaff } from '../api/list-staff';
import { useRevokeStaffRole } from '../api/revoke-staff-role';

const errorMessageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Ocorreu um erro inesperado');

interface Removal {
  member: StaffMember;
  role: StaffRole;
}

function AddMemberForm() {
  const grant = useGrantStaffRole();
  const [outcome, setOutcome] = useState<{ email: string; role: StaffRole; invited: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<GrantStaffRoleInput>({ resolver: zodResolver(grantStaffRoleSchema), defaultValues: { email: '', role: 'validator' } });

  function submit(values: GrantStaffRoleInput) {
    grant.mutate(values, {
      onSuccess: ({ invited }) => {
        setOutcome({ email: values.email, role: values.role, invited });
        toast.success(invited ? 'Convite enviado' : 'Papel concedido');
        reset({ email: '', role: values.role });
      },
      onError: (error) => {
        setOutcome(null);
        toast.error('Erro ao adicionar à equipe', { description: errorMessageOf(error) });
      },
    });
  }

  return (
    <section aria-labelledby="add-staff-title" className="mb-6 rounded-2xl border border-border bg-card p-4 sm:p-5">
      <h2 id="add-staff-title" className="text-lg font-bold">
        Adicionar à equipe
      </h2>
      <p className="mt-1 text-sm text-muted">Quem ainda não tem conta recebe um convite por e-mail e ganha o papel ao se cadastrar.</p>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(submit)(event)}
        className="mt-4 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
      >
        <FormField id="staff-email" label="E-mail" error={errors.email?.message} required>
          {(control) => <Input {...control} type="email" autoComplete="off" inputMode="email" aria-required {...register('email')} />}
        </FormField>
        <FormField id="staff-role" label="Papel" error={errors.role?.message}>
          {(control) => (
            <Select {...control} {...register('role')}>
              {staffRoles.map((role) => (
                <option key={role} value={role}>
                  {staffRoleLabel[role]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <Button type="submit" disabled={grant.isPending} className="sm:mt-6">
          {grant.isPending ? <Loader2 aria-hidden className="size-5 animate-spin" /> : <UserPlus aria-hidden className="size-5" />}
          Adicionar
        </Button>
      </form>
      <div aria-live="polite">
        {outcome ? (
          <p className="mt-3 flex items-start gap-2 rounded-xl bg-success/10 p-3 text-sm">
            {outcome.invited ? (
              <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
            ) : (
              <UserCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
            )}
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {outcome.invited
                ? `Convite enviado para ${outcome.email}: o papel ${staffRoleLabel[outcome.role]} vale assim que a conta for criada.`
                : `${outcome.email} agora tem o papel ${staffRoleLabel[outcome.role]}.`}
            </span>
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** /admin/staff ('Equipe'): everyone with a staff role (admin, door, box office, promoter); gives and removes the roles by e-mail. */
export function StaffPage() {
  const staffQuery = useStaff();
  const revoke = useRevokeStaffRole();
  const [removing, setRemoving] = useState<Removal | null>(null);

  function confirmRemove() {
    if (!removing) return;
    revoke.mutate(removing, {
      onSuccess: () => {
        toast.success(`Papel ${staffRoleLabel[removing.role]} removido de ${removing.member.email}`);
        setRemoving(null);
      },
      onError: (error) => {
        toast.error('Não foi possível remover o papel', { description: errorMessageOf(error) });
        setRemoving(null);
      },
    });
  }

  const who = (member: StaffMember) => member.name ?? member.email;

  const roles = (member: StaffMember, withRemove: boolean) => (
    <span className="flex flex-wrap items-center gap-1.5">
      {member.roles.map((role) => (
        <span key={role} className="inline-flex items-center gap-0.5">
          <Badge tone={role === 'admin' ? 'accent' : 'neutral'}>{staffRoleLabel[role]}</Badge>
          {withRemove ? (
            <button
              type="button"
              onClick={() => setRemoving({ member, role })}
              aria-label={`Remover papel ${staffRoleLabel[role]} de ${who(member)}`}
              title="Remover papel"
              className="inline-flex size-8 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-danger"
            >
              <X aria-hidden className="size-4" />
            </button>
          ) : null}
        </span>
      ))}
      {member.invited ? <Badge tone="warning">Convite enviado</Badge> : null}
    </span>
  );

  // 'Histórico' of a person (docs/screens.md 'Histórico'): what they did and what was done to the account.
  const history = (member: StaffMember) =>
    member.userId ? (
      <Link
        to={`/admin/audit?personId=${encodeURIComponent(member.userId)}`}
        className="inline-flex min-h-8 items-center gap-1 rounded text-sm font-medium underline decoration-border underline-offset-2 hover:decoration-fg"
      >
        <History aria-hidden className="size-4" />
        Histórico<span className="sr-only"> de {who(member)}</span>
      </Link>
    ) : null;

  const columns: DataTableColumn<StaffMember>[] = [
    { key: 'name', header: 'Nome', cell: (member) => member.name ?? '—' },
    { key: 'email', header: 'E-mail', cell: (member) => <span className="break-all">{member.email}</span> },
    { key: 'roles', header: 'Papéis', cell: (member) => roles(member, true) },
    { key: 'history', header: 'Histórico', cell: history },
  ];

  return (
    <>
      <PageHeader title="Equipe" description="Administradores, portaria, bilheteria e promoters. Só administradores mudam os papéis." />
      <AddMemberForm />
      <AdminQueryList
        query={staffQuery}
        items={(list) => list.members}
        loadError="Erro ao carregar a equipe"
        errorIcon={UserX}
        skeleton={{ count: 4 }}
        empty={{ icon: Users, title: 'Ninguém na equipe ainda', description: 'Adicione alguém pelo e-mail.' }}
        counted={(count) => (count === 1 ? '1 pessoa' : `${count} pessoas`)}
      >
        {(members) => (
          <DataTable
            caption="Equipe"
            columns={columns}
            rows={members}
            rowKey={(member) => member.userId ?? `invite:${member.email}`}
            renderCard={(member) => (
              <div className="space-y-2">
                <div className="min-w-0">
                  <p className="font-semibold [overflow-wrap:anywhere]">{member.name ?? member.email}</p>
                  {member.name ? <p className="text-sm break-all text-muted">{member.email}</p> : null}
                </div>
                {roles(member, true)}
                {history(member)}
              </div>
            )}
          />
        )}
      </AdminQueryList>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remover este papel?"
        description={
          removing
            ? removing.member.invited
              ? `O convite de ${removing.member.email} para ${staffRoleLabel[removing.role]} será cancelado.`
              : `${who(removing.member)} deixará de ter o papel ${staffRoleLabel[removing.role]} e não poderá mais ${staffRoleWork[removing.role]}.`
            : undefined
        }
        confirmLabel="Remover"
        isPending={revoke.isPending}
        onConfirm={confirmRemove}
      />
    </>
  );
}
