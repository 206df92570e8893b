import { ListChecks } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api';
import { useMyGuestLists } from '../api/list-my-guest-lists';
import { GuestListCard } from '../components/guest-list-card';

/** 'Minhas listas': the promoter's (or staff member's) guest lists of the events, to fill and follow. */
export function MyGuestListsPage() {
  const lists = useMyGuestLists();
  return (
    <div className="mx-auto w-full max-w-3xl">
      <title>Minhas listas - Next Level</title>
      <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight">
        <ListChecks className="size-7 text-accent" aria-hidden />
        Minhas listas
      </h1>
      <p className="mt-1 text-muted">Lista amiga: adicione nomes, importe um CSV ou envie o link para os convidados se inscreverem.</p>
      <div className="mt-5 space-y-4" aria-busy={lists.isLoading}>
        {lists.isLoading ? <Skeleton className="h-64 w-full rounded-3xl" /> : null}
        {lists.isError ? (
          <p className="rounded-2xl bg-surface p-4 text-center" role="alert">
            {lists.error instanceof ApiError && lists.error.status === 403
              ? 'Esta área é da equipe e dos promoters.'
              : 'Não foi possível carregar suas listas.'}
          </p>
        ) : null}
        {lists.data?.lists.length === 0 ? (
          <p className="rounded-2xl bg-surface p-4 text-center text-muted">
            Você ainda não tem listas. A produção cria as listas de cada evento.
          </p>
        ) : null}
        {lists.data?.lists.map((list) => (
          <GuestListCard key={list.id} list={list} />
        ))}
      </div>
    </div>
  );
}
