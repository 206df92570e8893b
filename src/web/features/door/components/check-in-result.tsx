import { CheckCircle2, IdCard, XCircle } from 'lucide-react';
import { formatInstant } from '../../../../shared/dates';
import type { CheckInResult } from '../../../../shared/schemas/tickets';
import { cn } from '../../../lib/cn';
import type { VerdictSource } from '../lib/use-offline-door';

const sourceLabel: Record<VerdictSource, string | null> = {
  online: null,
  offline: 'Decidido offline, na lista do aparelho',
  manual: 'Entrada liberada pela busca',
};

/**
 * The verdict of one scan, readable at arm's length: strong colour, icon and a big word
 * ('VÁLIDO' / 'INVÁLIDO'), never colour alone (SPEC.md section 2 'Validator'); the holder's name
 * big, so the door can check an ID, and 'Conferir documento de meia-entrada' for a half-price
 * ticket. `compact` is the camera overlay of the continuous mode.
 */
export function CheckInResultBox({ result, source = 'online', compact = false }: { result: CheckInResult; source?: VerdictSource; compact?: boolean }) {
  const note = sourceLabel[source];
  if (result.accepted) {
    return (
      <div className={cn('rounded-3xl bg-success text-success-foreground shadow-lg', compact ? 'p-4' : 'p-5 sm:p-6')}>
        <p className="flex items-center gap-3">
          <CheckCircle2 className="size-12 shrink-0 sm:size-14" strokeWidth={2.5} aria-hidden />
          <span className="text-4xl font-black tracking-tight sm:text-5xl">VÁLIDO</span>
        </p>
        <p className={cn('leading-tight font-extrabold', compact ? 'mt-2 text-xl' : 'mt-3 text-2xl sm:text-4xl')}>ENTRADA LIBERADA</p>
        {result.holderName ? (
          <p className={cn('leading-tight font-black break-words', compact ? 'mt-2 text-2xl' : 'mt-3 text-3xl sm:text-4xl')} data-testid="door-holder">
            {result.holderName}
          </p>
        ) : null}
        {result.documentCheck ? (
          <p className="mt-3 flex items-center gap-2 rounded-2xl bg-amber-300 px-3 py-2 text-lg font-extrabold text-black" data-testid="door-document-check">
            <IdCard className="size-6 shrink-0" aria-hidden /> {result.documentCheck}
          </p>
        ) : null}
        <dl className={cn('space-y-1 text-lg', compact ? 'mt-2' : 'mt-4')}>
          <Detail label="Ingresso" value={result.ticketTypeName} />
          {compact ? null : <Detail label="Evento" value={result.eventTitle} />}
        </dl>
        {compact ? null : <p className="mt-3 text-base font-semibold opacity-90">{formatInstant(result.checkedInAt)}</p>}
        {note && !compact ? <p className="mt-2 text-sm font-semibold opacity-90">{note}</p> : null}
      </div>
    );
  }
  return (
    <div className={cn('rounded-3xl bg-danger text-danger-foreground shadow-lg', compact ? 'p-4' : 'p-5 sm:p-6')}>
      <p className="flex items-center gap-3">
        <XCircle className="size-12 shrink-0 sm:size-14" strokeWidth={2.5} aria-hidden />
        <span className="text-4xl font-black tracking-tight sm:text-5xl">INVÁLIDO</span>
      </p>
      <p className={cn('leading-snug font-extrabold', compact ? 'mt-2 text-xl' : 'mt-4 text-2xl sm:text-3xl')}>{result.message || 'Erro na validação'}</p>
      {!compact && (result.holderName || result.eventTitle || result.ticketTypeName) ? (
        <dl className="mt-4 space-y-1 text-lg">
          {result.holderName ? <Detail label="Nome" value={result.holderName} /> : null}
          {result.eventTitle ? <Detail label="Evento" value={result.eventTitle} /> : null}
          {result.ticketTypeName ? <Detail label="Ingresso" value={result.ticketTypeName} /> : null}
        </dl>
      ) : null}
      {note && !compact ? <p className="mt-2 text-sm font-semibold opacity-90">{note}</p> : null}
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap gap-x-1.5">
      <dt className="font-semibold">{label}:</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}
