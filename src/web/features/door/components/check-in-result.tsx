import { CheckCircle2, CircleHelp, Clock, History, IdCard, LogOut, ScanLine, XCircle, type LucideIcon } from 'lucide-react';
import { formatInstant } from '../../../../shared/dates';
import { describeVerdict, type VerdictTone } from '../../../../shared/door-verdict';
import type { CheckInResult } from '../../../../shared/schemas/tickets';
import { cn } from '../../../lib/cn';
import type { VerdictSource } from '../lib/use-offline-door';

/** Where the verdict came from, under it; a refusal never reads 'liberada'. */
const sourceLabel: Record<VerdictSource, { admitted: string | null; refused: string | null }> = {
  online: { admitted: null, refused: null },
  offline: { admitted: 'Decidido offline, pela lista do aparelho', refused: 'Decidido offline, pela lista do aparelho' },
  manual: { admitted: 'Entrada liberada pela busca', refused: 'Pedido feito pela busca' },
};

const toneClass: Record<VerdictTone, string> = {
  valid: 'bg-success text-success-foreground',
  // An exit is not an entry: its own colour, so a glance never reads it as someone let in.
  exit: 'bg-sky-800 text-white',
  early: 'bg-amber-400 text-black',
  used: 'bg-danger text-danger-foreground',
  invalid: 'bg-danger text-danger-foreground',
};

const toneIcon: Record<VerdictTone, LucideIcon> = { valid: CheckCircle2, exit: LogOut, early: Clock, used: History, invalid: XCircle };

/** The icon of a verdict: its tone's, or a reason's own (read again, confirm online). */
function iconOf(result: CheckInResult, tone: VerdictTone): LucideIcon {
  if (!result.accepted && result.reason === 'nonce_reused') return ScanLine;
  if (!result.accepted && result.reason === 'not_on_list') return CircleHelp;
  return toneIcon[tone];
}

/**
 * The verdict of one scan, readable at arm's length: strong colour, icon and a big word, never
 * colour alone (docs/screens.md 'Validator'), the words from shared/door-verdict describeVerdict
 * (the one mapping of the server's verdict codes, for scan, offline and look-up): green 'VÁLIDO'
 * with the holder's name big, so the door can check an ID, and the meia-entrada document to see;
 * amber 'AINDA NÃO ABRIU' with when the door opens and that the ticket stays valid; amber
 * 'CONFIRA' for a code the device's list does not hold (offline); blue 'SAIU às 23:15' for an exit; red
 * 'JÁ UTILIZADO' with when and where it got in; red 'INVÁLIDO' with the reason. `compact` is the
 * camera overlay of the continuous mode.
 */
export function CheckInResultBox({
  result,
  source = 'online',
  compact = false,
}: {
  result: CheckInResult;
  source?: VerdictSource;
  compact?: boolean;
}) {
  const view = describeVerdict(result, new Date());
  const note = sourceLabel[source][result.accepted ? 'admitted' : 'refused'];
  const Icon = iconOf(result, view.tone);
  return (
    <div className={cn('rounded-3xl shadow-lg', toneClass[view.tone], compact ? 'p-4' : 'p-5 sm:p-6')} data-tone={view.tone}>
      <p className="flex items-center gap-3">
        <Icon className="size-12 shrink-0 sm:size-14" strokeWidth={2.5} aria-hidden />
        <span
          className={cn('leading-none font-black tracking-tight', view.title.length > 10 ? 'text-3xl sm:text-5xl' : 'text-4xl sm:text-5xl')}
        >
          {view.title}
        </span>
      </p>
      {result.accepted ? (
        <>
          <p className={cn('leading-tight font-extrabold', compact ? 'mt-2 text-xl' : 'mt-3 text-2xl sm:text-4xl')}>
            {result.direction === 'out' ? 'SAÍDA REGISTRADA' : 'ENTRADA LIBERADA'}
          </p>
          {result.holderName ? (
            <p
              className={cn('leading-tight font-black break-words', compact ? 'mt-2 text-2xl' : 'mt-3 text-3xl sm:text-4xl')}
              data-testid="door-holder"
            >
              {result.holderName}
            </p>
          ) : null}
          {result.documentCheck ? (
            <p
              className="mt-3 flex items-center gap-2 rounded-2xl bg-amber-300 px-3 py-2 text-lg font-extrabold text-black"
              data-testid="door-document-check"
            >
              <IdCard className="size-6 shrink-0" aria-hidden /> {result.documentCheck}
            </p>
          ) : null}
          <dl className={cn('space-y-1 text-lg', compact ? 'mt-2' : 'mt-4')}>
            <Detail label="Ingresso" value={result.sectorName} />
            {result.sessionLabel ? <Detail label="Sessão" value={result.sessionLabel} /> : null}
            {compact ? null : <Detail label="Evento" value={result.eventTitle} />}
          </dl>
          {compact ? null : <p className="mt-3 text-base font-semibold opacity-90">{formatInstant(result.checkedInAt)}</p>}
        </>
      ) : (
        <>
          <p
            className={cn('leading-snug font-extrabold', compact ? 'mt-2 text-xl' : 'mt-4 text-2xl sm:text-3xl')}
            data-testid="door-reason"
          >
            {view.detail}
          </p>
          {view.note ? (
            <p className={cn('leading-snug font-bold', compact ? 'mt-1 text-lg' : 'mt-2 text-xl')} data-testid="door-note">
              {view.note}
            </p>
          ) : null}
          {!compact && (result.holderName || result.eventTitle || result.sectorName) ? (
            <dl className="mt-4 space-y-1 text-lg">
              {result.holderName ? <Detail label="Nome" value={result.holderName} /> : null}
              {result.eventTitle ? <Detail label="Evento" value={result.eventTitle} /> : null}
              {result.sectorName ? <Detail label="Ingresso" value={result.sectorName} /> : null}
            </dl>
          ) : null}
        </>
      )}
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
