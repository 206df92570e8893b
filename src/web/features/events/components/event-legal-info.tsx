import { Accessibility, ListChecks } from 'lucide-react';
import type { EventDetail } from '../../../../shared/schemas/events';
import { accessibilityResourceLabel, ageRatingDescription, minorsRule } from '../../../../shared/event-info';
import { AgeRatingBadge } from '../../../components/age-rating-badge';
import { cn } from '../../../lib/cn';

/**
 * The age rating under the event's title (docs/rules/events.md 'What the sale page shows'; ECA
 * arts. 74-75): the badge, the official sentence and, when younger people may enter accompanied,
 * the rule. Nothing when the organizer did not inform it.
 */
export function EventAgeRating({ event, className }: { event: EventDetail; className?: string }) {
  if (!event.ageRating) return null;
  const rule = minorsRule(event.ageRating, event.minorsAccompanied);
  return (
    <div className={cn('flex items-start gap-2.5', className)}>
      <AgeRatingBadge rating={event.ageRating} size="md" />
      <p className="min-w-0 text-sm">
        <span className="block font-semibold">{ageRatingDescription(event.ageRating)}</span>
        {rule ? <span className="block text-fg/80">{rule}</span> : null}
      </p>
    </div>
  );
}

/**
 * 'Acessibilidade' (the venue's resources and whom to ask; Lei 13.146/2015 art. 44) and 'Políticas
 * do evento' (the organizer's lines), each only when informed; nothing when neither is.
 */
export function EventLegalInfo({ event, className }: { event: EventDetail; className?: string }) {
  const { accessibility, policies } = event;
  if (!accessibility && policies.length === 0) return null;
  return (
    <div className={cn('grid gap-6', className)}>
      {accessibility ? (
        <section aria-labelledby="accessibility-title" className="rounded-2xl border border-border bg-card p-5 sm:p-6">
          <h2 id="accessibility-title" className="flex items-center gap-2 text-xl font-bold">
            <Accessibility aria-hidden className="size-5 shrink-0 text-accent" />
            Acessibilidade
          </h2>
          {accessibility.resources.length > 0 ? (
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {accessibility.resources.map((resource) => (
                <li key={resource} className="flex items-start gap-2">
                  <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
                  <span className="min-w-0">{accessibilityResourceLabel[resource]}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {accessibility.contact ? (
            <p className="mt-3 text-sm [overflow-wrap:anywhere]">
              <span className="font-semibold">Atendimento de acessibilidade:</span> {accessibility.contact}
            </p>
          ) : null}
        </section>
      ) : null}
      {policies.length > 0 ? (
        <section aria-labelledby="policies-title" className="rounded-2xl border border-border bg-card p-5 sm:p-6">
          <h2 id="policies-title" className="flex items-center gap-2 text-xl font-bold">
            <ListChecks aria-hidden className="size-5 shrink-0 text-accent" />
            Políticas do evento
          </h2>
          <ul className="mt-3 grid gap-2">
            {policies.map((line) => (
              <li key={line} className="flex items-start gap-2 [overflow-wrap:anywhere]">
                <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
                <span className="min-w-0">{line}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
