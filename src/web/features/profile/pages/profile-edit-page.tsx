import { useEffect } from 'react';
import { toast } from 'sonner';
import { useMyProfile } from '../api/get-my-profile';
import { PageHeader } from '../../../components/page-header';
import { ProfileForm } from '../components/profile-form';
import { LoadError } from '../../../components/load-error';

/** /profile/edit (docs/screens.md 'Profile edit'). */
export function ProfileEditPage() {
  const { data: profile, isLoading, isError, refetch, isRefetching } = useMyProfile();

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar perfil', { description: 'Não foi possível carregar suas informações.' });
  }, [isError]);

  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageHeader title="Editar perfil" subtitle="Atualize sua foto e seus dados de contato" fallback="/profile" />
      {isLoading ? (
        <p role="status" className="rounded-3xl border border-border bg-card p-8 text-center text-muted">
          Carregando perfil...
        </p>
      ) : isError || !profile ? (
        <LoadError title="Não foi possível carregar suas informações." onRetry={() => refetch()} retrying={isRefetching} />
      ) : (
        <ProfileForm profile={profile} />
      )}
    </div>
  );
}
