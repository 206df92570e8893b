import { useState } from 'react';
import { Hourglass, Minus, Plus } from 'lucide-react';
import { toast } from 'sonner';
import type { WaitlistEntryView } from '../../../../shared/schemas/waitlist';
import { MAX_TICKETS_PER_TYPE } from '../../../../shared/order-limits';
import { offerDeadlineText } from '../../../../shared/waitlist-deadline';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useBackCloses } from '../../../lib/use-back-closes';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';

interface JoinWaitlistProps {
  eventId: string;
  sector: { id: string; name: string };
  /** The person's place on this sector's list, if any. */
  entry: WaitlistEntryView | undefined;
  /** Most units one order may take at this event (null: the per-sector limit). */
  maxPerOrder: number | null;
  isSignedIn: boolean;
  /** Signed out: where 'Entrar na lista de espera' goes first. */
  onSignIn(): void;
}

/** '3º na fila'. */
export const placeInLine = (position: number) => `${position}º na fila`;

/**
 * Under a sold-out sector ('Lista de espera'): 'Entrar na lista de espera' with the quantity
 * wanted, or the person's place in line ('Você está na lista de espera: 3º na fila') and 'Sair
 * da lista', or the offer held for them.
 */
export function JoinWaitlist({ eventId, sector, entry, maxPerOrder, isSignedIn, onSignIn }: JoinWaitlistProps) {
  const [isOpen, setOpen] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const join = useJoinWaitlist(eventId);
  const leave = useLeaveWaitlist(eventId);
  const joining = useSingleFlight();
  const max = Math.min(MAX_TICKETS_PER_TYPE, maxPerOrder ?? MAX_TICKETS_PER_TYPE);
  // The phone's back button closes the sheet, not the event page.
  const closeSheet = useBackCloses(isOpen, () => setOpen(false));

  if (entry?.status === 'offered' && entry.offer) {
    return (
      <p className="rounded-xl bg-success/10 px-3 py-2 text-sm font-semibold text-success">
        Reservado para você até {offerDeadlineText(entry.offer.expiresAt, new Date())}
      </p>
    );
  }
  if (entry?.status === 'waiting') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-surface/60 px-3 py-2">
        <p className="flex items-center gap-2 text-sm font-semibold" role="status">
          <Hourglass aria-hidden className="size-4 shrink-0 text-accent" />
          Você está na lista de espera: {placeInLine(entry.position ?? 1)}
        </p>
        <Button
          size="sm"
          variant="ghost"
          disabled={leave.isPending}
          onClick={() =>
            leave.mutate(entry.id, {
              onSuccess: () => toast.success('Você saiu da lista de espera'),
              onError: (error) =>
                toast.error(error instanceof ApiError ? error.message : 'Não foi possível sair da lista. Tente novamente.'),
            })
          }
        >
          Sair da lista
        </Button>
      </div>
    );
  }

  // One request per tap, and one toast (its id): a double tap never shows success and failure together.
  function submit() {
    void joining.run(async () => {
      try {
        const joined = await join.mutateAsync({ sectorId: sector.id, quantity });
        closeSheet();
        toast.success(`Você está na lista de espera: ${placeInLine(joined.position ?? 1)}`, { id: 'waitlist-join' });
      } catch (error) {
        toast.error(error instanceof ApiError ? error.message : 'Não foi possível entrar na lista. Tente novamente.', {
          id: 'waitlist-join',
        });
      }
    });
  }

  return (
    <>
      <Button variant="outline" className="w-full" onClick={() => (isSignedIn ? setOpen(true) : onSignIn())}>
        <Hourglass aria-hidden className="size-4" />
        Entrar na lista de espera
      </Button>
      <Dialog
        open={isOpen}
        onOpenChange={(next) => (next ? setOpen(true) : closeSheet())}
        title={`Lista de espera · ${sector.name}`}
        description="Se um ingresso deste setor for liberado, ele é oferecido a quem está na fila, pela ordem de entrada. Avisamos no app, por e-mail, push e WhatsApp, conforme suas preferências."
      >
        <div className="flex items-center justify-between gap-4 rounded-xl bg-surface/60 p-3">
          <p id="waitlist-quantity-label" className="font-semibold">
            Quantos ingressos você quer?
          </p>
          <div className="flex items-center gap-1" role="group" aria-labelledby="waitlist-quantity-label">
            <Button
              size="icon"
              variant="outline"
              aria-label="Menos um ingresso"
              disabled={quantity <= 1}
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
            >
              <Minus aria-hidden className="size-4" />
            </Button>
            <output aria-live="polite" className="w-8 text-center text-lg font-bold tabular-nums">
              {quantity}
            </output>
            <Button
              size="icon"
              variant="outline"
              aria-label="Mais um ingresso"
              disabled={quantity >= max}
              onClick={() => setQuantity((q) => Math.min(max, q + 1))}
            >
              <Plus aria-hidden className="size-4" />
            </Button>
          </div>
        </div>
        <p className="mt-3 text-sm text-muted">
          Quando chegar a sua vez, os ingressos ficam reservados só para você por um tempo. Se não comprar até lá, eles passam para a
          próxima pessoa.
        </p>
        <Button size="lg" className="mt-5 w-full" disabled={join.isPending || joining.isRunning} onClick={submit}>
          Entrar na lista
        </Button>
      </Dialog>
    </>
  );
}
