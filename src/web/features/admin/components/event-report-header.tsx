import type { ReactNode } from 'react';
import { formatEventDate, formatEventTime } from '../../../../shared/dates';
import { PageHeader } from './page-header';

/**
 * The header of a page about one event (participants, borderô, sales per CPF): the title, the tab
 * title '<title> de <event> - Painel Admin', the event's name, day and start time once it has
 * loaded, 'Voltar para o evento' and the page's actions.
 */
export function EventReportHeader({
  title,
  eventId,
  event,
  actions,
}: {
  title: string;
  eventId: string;
  /** The event as loaded; undefined while it loads. */
  event?: { title: string; date: string; startTime: string };
  actions?: ReactNode;
}) {
  return (
    <PageHeader
      title={title}
      documentTitle={`${title}${event ? ` de ${event.title}` : ''} - Painel Admin`}
      description={event ? `${event.title} · ${formatEventDate(event.date)} às ${formatEventTime(event.startTime)}` : undefined}
      back={{ to: `/admin/events/${eventId}/edit`, label: 'Voltar para o evento' }}
      actions={actions}
    />
  );
}
