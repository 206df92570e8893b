import { useParams } from 'react-router';
import { useEvent } from '../../features/events/api/get-event';
import { WaitingRoom } from '../../features/waiting-room/components/waiting-room';
import { readPendingPurchase, resumePurchasePath } from '../../lib/pending-purchase';

/**
 * /event/:id/waiting-room: the event's waiting room (docs/rules/waiting-room.md 'The on-sale'); the turn leads back
 * to the event, into the checkout with the tickets chosen before joining when there were any.
 */
export function WaitingRoomRoute() {
  const { id = '' } = useParams();
  const event = useEvent(id);
  const buyPath = readPendingPurchase(id) ? resumePurchasePath(id) : `/event/${id}#ingressos`;
  return (
    <div className="py-6">
      <title>{`Sala de espera - ${event.data?.title ?? 'Next Level'}`}</title>
      <WaitingRoom eventId={id} eventTitle={event.data?.title ?? ''} buyPath={buyPath} />
    </div>
  );
}
