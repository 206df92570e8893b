import {
  centavosToReaisInput,
  DEFAULT_TICKET_TYPE,
  type AdminEventDetail,
  type EventFormValues,
} from '../../../../../shared/schemas/admin-events';

export type TicketTypeFormValues = EventFormValues['ticketTypes'][number];

/** A ticket type row the 'Adicionar tipo de ingresso' button adds. */
export const newTicketTypeRow = (name = ''): TicketTypeFormValues => ({
  name,
  description: '',
  price: '',
  remaining: String(DEFAULT_TICKET_TYPE.remaining),
});

/** The create form before anything is typed: published, one 'Ingresso Geral' with 100 left (SPEC.md section 5). */
export function emptyEventForm(): EventFormValues {
  return {
    title: '',
    category: '',
    description: '',
    date: '',
    startTime: '',
    endTime: '',
    location: '',
    fullAddress: '',
    city: '',
    capacity: '',
    imageUrl: '',
    isPublished: true,
    ticketTypes: [newTicketTypeRow(DEFAULT_TICKET_TYPE.name)],
  };
}

/** The edit form filled with a saved event; each type remembers the stock it was loaded with. */
export function eventToFormValues(event: AdminEventDetail): EventFormValues {
  return {
    title: event.title,
    category: event.category,
    description: event.description,
    date: event.date,
    startTime: event.startTime,
    endTime: event.endTime ?? '',
    location: event.location,
    fullAddress: event.fullAddress ?? '',
    city: event.city ?? '',
    capacity: event.capacity === null ? '' : String(event.capacity),
    imageUrl: event.imageUrl ?? '',
    isPublished: event.isPublished,
    ticketTypes: event.ticketTypes.map((type) => ({
      id: type.id,
      name: type.name,
      description: type.description ?? '',
      price: centavosToReaisInput(type.priceCentavos),
      remaining: String(type.remaining),
      previousRemaining: type.remaining,
    })),
  };
}
