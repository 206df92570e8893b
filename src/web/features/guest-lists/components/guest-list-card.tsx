import { useState } from 'react';
import { toast } from 'sonner';
import { ChevronDown, Link2, Trash2, UsersRound } from 'lucide-react';
import { formatClockTime, formatEventDateShort, formatInstant } from '../../../../shared/dates';
import type { GuestEntryView, GuestListView } from '../../../../shared/schemas/guest-lists';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { useGuestList } from '../api/get-guest-list';
import { useRemoveGuestEntry } from '../api/remove-guest-entry';
import { AddGuestForm } from './add-guest-form';
import { ImportGuests } from './import-guests';

/** The address of a list's link, on this site. */
export function guestListLinkOf(token: string): string {
  return `${window.location.origin}/lista/${token}`;
}

/** 'X de Y entraram': how many of the list's names came in. */
export function admittedLine(list: Pick<GuestListView, 'admittedCount' | 'entriesCount'>): string {
  return `${list.admittedCount} de ${list.entriesCount} ${list.admittedCount === 1 ? 'entrou' : 'entraram'}`;
}

/** One list on 'Minhas listas': its rule, counts, link, the forms to add names, and its names. */
export function GuestListCard({ list }: { list: GuestListView }) {
  const [isOpen, setIsOpen] = useState(true);
  const [removing, setRemoving] = useState<GuestEntryView | null>(null);
  const detail = useGuestList(list.id, isOpen);
  const remove = useRemoveGuestEntry(list.id);
  const isFull = list.entriesCount >= list.quota;
  const titleId = `list-${list.id}-title`;

  async function copyLink() {
    const isCopied = await copyText(guestListLinkOf(list.token));
    if (isCopied) toast.success('Link da lista copiado');
    else toast.error('Não foi possível copiar o link');
  }

  return (
    <article aria-labelledby={titleId} className="rounded-3xl border border-border bg-card p-4 shadow-sm sm:p-5" data-testid="guest-list">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold break-words">
            {list.name}
          </h2>
          <p className="text-sm text-muted">
            {list.event.title} · {formatEventDateShort(list.event.date)} · {list.sectorName}
          </p>
        </div>
        {list.isClosed ? (
          <Badge tone="neutral">Lista encerrada</Badge>
        ) : isFull ? (
          <Badge tone="warning">Lista completa</Badge>
        ) : (
          <Badge tone="success">Aberta</Badge>
        )}
      </div>
      <p className="mt-2 text-sm font-semibold">{list.rule.label}</p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-center">
        <div className="rounded-2xl bg-surface p-2">
          <dt className="text-xs text-muted">Entradas</dt>
          <dd className="text-base leading-snug font-bold tabular-nums sm:text-lg" data-testid="admitted-line">
            {admittedLine(list)}
          </dd>
        </div>
        <div className="rounded-2xl bg-surface p-2">
          <dt className="text-xs text-muted">Nomes</dt>
          <dd className="text-base leading-snug font-bold tabular-nums sm:text-lg">
            {list.entriesCount} de {list.quota}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-muted">
        {list.isClosed ? 'Encerrada em' : 'Recebe nomes até'} {formatInstant(list.closesAt)}
      </p>

      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
        <Button type="button" variant="secondary" onClick={() => void copyLink()} className="w-full sm:w-auto">
          <Link2 className="size-5" aria-hidden />
          Copiar link da lista
        </Button>
        <ImportGuests listId={list.id} disabled={list.isClosed || isFull} />
      </div>

      <div className="mt-4 border-t border-border pt-4">
        <AddGuestForm listId={list.id} disabled={list.isClosed || isFull} />
      </div>

      <button
        type="button"
        className="mt-4 flex min-h-11 w-full items-center justify-between rounded-xl px-1 text-left font-semibold"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className="flex items-center gap-2">
          <UsersRound className="size-5" aria-hidden /> Nomes na lista ({list.entriesCount})
        </span>
        <ChevronDown className={`size-5 transition-transform ${isOpen ? 'rotate-180' : ''}`} aria-hidden />
      </button>
      {isOpen ? (
        <ul className="mt-1 divide-y divide-border" aria-label={`Nomes de ${list.name}`}>
          {detail.data?.entries.length === 0 ? <li className="py-2 text-sm text-muted">Nenhum nome ainda.</li> : null}
          {detail.data?.entries.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words">
                {entry.name}
                {entry.email ? <span className="block text-xs break-all text-muted">{entry.email}</span> : null}
              </span>
              {entry.admittedAt ? (
                <Badge tone="success" className="shrink-0">
                  Entrou às {formatClockTime(entry.admittedAt)}
                </Badge>
              ) : (
                <span className="flex shrink-0 items-center gap-1">
                  <Badge tone="neutral">{entry.source === 'link' ? 'Pelo link' : entry.source === 'csv' ? 'CSV' : 'Na lista'}</Badge>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => setRemoving(entry)}
                    aria-label={`Tirar ${entry.name} da lista`}
                  >
                    <Trash2 className="size-5" aria-hidden />
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Tirar da lista?"
        description={removing ? `${removing.name} sai da lista e a vaga fica livre.` : undefined}
        confirmLabel="Tirar da lista"
        isPending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => toast.success(`${removing.name} saiu da lista`),
            onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Não foi possível tirar da lista'),
            onSettled: () => setRemoving(null),
          })
        }
      />
    </article>
  );
}
