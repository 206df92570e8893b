import { Link } from 'react-router';
import type { AuditEntry } from '../../../../../shared/schemas/admin-audit';
import { auditPath, type AuditFilters } from '../lib/audit-filters';
import { whenInWords } from '../lib/when';

export interface AuditEntryListProps {
  entries: AuditEntry[];
  /** The filters the list is shown under: an entry links to no view it is already in. */
  filters: AuditFilters;
  label: string;
  now?: Date;
}

const linkClass = 'rounded font-medium text-fg underline decoration-border underline-offset-2 hover:decoration-fg';

/**
 * What was acted on and how it changed: 'Caixa: Ana Souza — Troco inicial: R$ 100,00'; under the
 * event's own history its changes alone ('Pista 1º lote: R$ 80,00 → R$ 90,00').
 */
function Changes({ entry, filters }: { entry: AuditEntry; filters: AuditFilters }) {
  const { changes } = entry;
  const isShownEvent = entry.object.type === 'event' && entry.object.id === filters.eventId;
  if (isShownEvent && changes.length === 0) return null;
  return (
    <div className="mt-1 text-sm [overflow-wrap:anywhere]">
      {isShownEvent ? null : (
        <p>
          <span className="text-muted">{entry.object.typeLabel}:</span> <span className="font-semibold">{entry.object.label}</span>
          {changes.length === 1 ? <ChangeText change={changes[0]} prefix=" — " /> : null}
        </p>
      )}
      {changes.length > 1 || (isShownEvent && changes.length === 1) ? (
        <ul className="mt-1 space-y-0.5">
          {changes.map((change, index) => (
            <li key={index}>
              <ChangeText change={change} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ChangeText({ change, prefix = '' }: { change: AuditEntry['changes'][number]; prefix?: string }) {
  return (
    <span>
      {prefix}
      <span className="text-muted">{change.label}:</span>{' '}
      {change.before === null ? (
        change.after
      ) : (
        <>
          {change.before} <span aria-hidden>→</span>
          <span className="sr-only">para</span> {change.after}
        </>
      )}
    </span>
  );
}

/** The event, the person and the order of an entry, each a link to its own history; the address it came from. */
function Related({ entry, filters }: { entry: AuditEntry; filters: AuditFilters }) {
  const parts = [
    entry.event && filters.eventId !== entry.event.id ? (
      <Link key="event" to={auditPath({ eventId: entry.event.id })} className={linkClass}>
        {entry.event.title}
      </Link>
    ) : null,
    entry.subject && filters.personId !== entry.subject.id ? (
      <span key="person">
        Pessoa:{' '}
        <Link to={auditPath({ personId: entry.subject.id })} className={linkClass}>
          {entry.subject.name}
        </Link>
      </span>
    ) : null,
    entry.orderId && filters.orderId !== entry.orderId ? (
      <Link key="order" to={auditPath({ orderId: entry.orderId })} className={linkClass}>
        Pedido #{entry.orderId.slice(0, 8)}
      </Link>
    ) : null,
    entry.ip ? <span key="ip">IP {entry.ip}</span> : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted [overflow-wrap:anywhere]">{parts}</p>;
}

/** The entries, one line each: 'Hoje, 14:32 · Ana Souza · Preço do lote alterado', then what changed. */
export function AuditEntryList({ entries, filters, label, now = new Date() }: AuditEntryListProps) {
  return (
    <ol aria-label={label} className="divide-y divide-border rounded-2xl border border-border bg-card">
      {entries.map((entry) => (
        <li key={entry.id} className="min-w-0 px-4 py-3">
          <p className="text-sm [overflow-wrap:anywhere]">
            <time dateTime={entry.at} className="text-muted">
              {whenInWords(entry.at, now)}
            </time>
            <span className="text-muted"> · </span>
            <span className="font-semibold">{entry.actor.label}</span>
            <span className="text-muted"> · </span>
            <span>{entry.action.label}</span>
          </p>
          <Changes entry={entry} filters={filters} />
          <Related entry={entry} filters={filters} />
        </li>
      ))}
    </ol>
  );
}
