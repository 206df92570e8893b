import { Link } from 'react-router';
import { Users } from 'lucide-react';
import type { EventRoomView } from '../../../../shared/schemas/waiting-room';
import { formatClockTime, formatNotificationDate } from '../../../../shared/dates';
import { readPass } from '../../../lib/waiting-room-pass';
import { Button } from '../../../components/ui/button';

/**
 * The event page's word on its waiting room (docs/rules/waiting-room.md 'The on-sale'): when it opens, the way in,
 * or, on the device that holds the turn, until when it lasts.
 */
export function RoomNotice({ eventId, room }: { eventId: string; room: EventRoomView }) {
  const pass = readPass(eventId);
  return (
    <section
      aria-labelledby="room-notice-title"
      className="mt-4 flex flex-col gap-3 rounded-2xl border border-accent/40 bg-accent/10 p-4 sm:flex-row sm:items-center"
    >
      <Users aria-hidden className="size-6 shrink-0 text-accent" />
      <div className="min-w-0 flex-1">
        <h2 id="room-notice-title" className="font-bold">
          {pass ? `É a sua vez: compre até as ${formatClockTime(pass.expiresAt)}.` : 'Esta venda tem sala de espera'}
        </h2>
        {pass ? null : (
          <p className="mt-0.5 text-sm">
            {room.active && Date.now() >= Date.parse(room.onSaleAt)
              ? 'A venda já abriu: entre na fila, a ordem agora é a de chegada.'
              : room.active
                ? `A ordem de quem entrar antes de ${formatNotificationDate(room.onSaleAt)} será sorteada na abertura; depois, vale a ordem de chegada.`
                : `A sala de espera abre em ${formatNotificationDate(room.opensAt)}, e a venda às ${formatClockTime(room.onSaleAt)}.`}
          </p>
        )}
      </div>
      {!pass && room.active ? (
        <Button asChild className="shrink-0">
          <Link to={`/event/${encodeURIComponent(eventId)}/waiting-room`}>Entrar na sala de espera</Link>
        </Button>
      ) : null}
    </section>
  );
}
