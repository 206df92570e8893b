import type { ReactNode } from 'react';
import { CalendarDays, Clock, Clock4, MapPin, Navigation, Star, Users } from 'lucide-react';
import type { EventDetail } from '../../../../shared/schemas/events';
import { describeEventStart, formatEventTime } from '../../../../shared/dates';

const numberFormat = new Intl.NumberFormat('pt-BR');
const ratingFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function InfoItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative min-h-9 pl-12">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">
        <span
          aria-hidden
          className="absolute top-0.5 left-0 inline-flex size-9 items-center justify-center rounded-xl bg-surface text-accent"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 font-medium break-words">{children}</dd>
    </div>
  );
}

/** 'Sobre o evento' of docs/screens.md 'Event detail'. */
export function EventAbout({ event, className }: { event: EventDetail; className?: string }) {
  const iconClass = 'size-[18px]';
  return (
    <section aria-labelledby="about-title" className={className}>
      <div className="rounded-2xl border border-border bg-card p-5 sm:p-6">
        <h2 id="about-title" className="text-xl font-bold">
          Sobre o evento
        </h2>
        {event.description ? <p className="mt-3 leading-relaxed whitespace-pre-line text-fg/90">{event.description}</p> : null}
        <dl className="mt-6 grid gap-5 sm:grid-cols-2">
          <InfoItem icon={<CalendarDays className={iconClass} />} label="Data">
            <span className="first-letter:uppercase">{describeEventStart(event.date, event.startTime).date}</span>
          </InfoItem>
          <InfoItem icon={<Clock className={iconClass} />} label="Início">
            {describeEventStart(event.date, event.startTime).time}
          </InfoItem>
          {event.endTime ? (
            <InfoItem icon={<Clock4 className={iconClass} />} label="Término">
              {formatEventTime(event.endTime)}
            </InfoItem>
          ) : null}
          <InfoItem icon={<MapPin className={iconClass} />} label="Local">
            {event.location}
          </InfoItem>
          {event.fullAddress ? (
            <InfoItem icon={<Navigation className={iconClass} />} label="Endereço">
              {event.fullAddress}
            </InfoItem>
          ) : null}
          <InfoItem icon={<Users className={iconClass} />} label="Capacidade">
            {event.capacity === null ? <span title="Sem limite de capacidade">∞</span> : `${numberFormat.format(event.capacity)} pessoas`}
          </InfoItem>
          {/* Only a real rating: an event nobody rated yet (every upcoming one) shows none. */}
          {event.rating === null ? null : (
            <InfoItem icon={<Star className={iconClass} />} label="Avaliação">
              {`${ratingFormat.format(event.rating)} de 5`}
            </InfoItem>
          )}
        </dl>
      </div>
    </section>
  );
}
