import { CheckCircle2, XCircle } from 'lucide-react';
import { formatInstant } from '../../../../shared/dates';
import type { CheckInResult } from '../../../../shared/schemas/tickets';

/**
 * The verdict of one scan, readable at arm's length: strong colour, icon and a big word
 * ('VÁLIDO' / 'INVÁLIDO'), never colour alone (SPEC.md section 2 'Validator').
 */
export function CheckInResultBox({ result }: { result: CheckInResult }) {
  if (result.accepted) {
    return (
      <div className="rounded-3xl bg-success p-5 text-bg shadow-lg sm:p-6">
        <p className="flex items-center gap-3">
          <CheckCircle2 className="size-12 shrink-0 sm:size-14" strokeWidth={2.5} aria-hidden />
          <span className="text-4xl font-black tracking-tight sm:text-5xl">VÁLIDO</span>
        </p>
        <p className="mt-4 text-3xl leading-tight font-extrabold sm:text-4xl">ENTRADA LIBERADA</p>
        <dl className="mt-4 space-y-1 text-lg">
          <Detail label="Evento" value={result.eventTitle} />
          <Detail label="Ingresso" value={result.ticketTypeName} />
        </dl>
        <p className="mt-3 text-base font-semibold opacity-90">{formatInstant(result.checkedInAt)}</p>
      </div>
    );
  }
  return (
    <div className="rounded-3xl bg-danger p-5 text-bg shadow-lg sm:p-6">
      <p className="flex items-center gap-3">
        <XCircle className="size-12 shrink-0 sm:size-14" strokeWidth={2.5} aria-hidden />
        <span className="text-4xl font-black tracking-tight sm:text-5xl">INVÁLIDO</span>
      </p>
      <p className="mt-4 text-2xl leading-snug font-extrabold sm:text-3xl">{result.message || 'Erro na validação'}</p>
      {result.eventTitle || result.ticketTypeName ? (
        <dl className="mt-4 space-y-1 text-lg">
          {result.eventTitle ? <Detail label="Evento" value={result.eventTitle} /> : null}
          {result.ticketTypeName ? <Detail label="Ingresso" value={result.ticketTypeName} /> : null}
        </dl>
      ) : null}
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap gap-x-1.5">
      <dt className="font-semibold">{label}:</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
