import { formatClockTime, formatInstant, formatNotificationDate, saoPauloToday } from './dates';
import type { ScanDirection } from './statuses';
import { DEFAULT_GATE, type DoorRefusal, type RefusalReason } from './schemas/tickets';

/**
 * How the door screen colours a verdict: 'valid' green (let in), 'exit' blue (an exit let
 * through: nobody came in), 'early' amber (a good ticket whose door has not opened, a scan to
 * read again, or a code to confirm online: nothing was decided against the ticket), 'used' red
 * (it already got in), 'invalid' red (it does not get in).
 */
export type VerdictTone = 'valid' | 'exit' | 'early' | 'used' | 'invalid';

/** What the door screen shows for a verdict: the big word, the reason under it, and a reassurance. */
export interface VerdictView {
  tone: VerdictTone;
  /** The big word: 'VÁLIDO', 'AINDA NÃO ABRIU', 'JÁ UTILIZADO', 'INVÁLIDO', 'LEIA DE NOVO', 'CONFIRA'. */
  title: string;
  /** The reason in one sentence (null for VÁLIDO); also the `message` of the server's answer. */
  detail: string | null;
  /** A second line that keeps the door from misreading the verdict (the ticket is not burnt). */
  note: string | null;
}

/** What a refusal's sentence may name (DoorRefusal's facts; instants as Date or UTC ISO text). */
type RefusalFacts = Partial<Omit<DoorRefusal, 'reason' | 'checkedInAt' | 'opensAt'>> & {
  checkedInAt?: Date | string | null;
  opensAt?: Date | string | null;
};

/** The look-up's short label per tone, beside each ticket found ('Válido', 'Ainda não abriu' ...). */
export const verdictBadge: Record<VerdictTone, string> = {
  valid: 'Válido',
  exit: 'Saiu',
  early: 'Ainda não abriu',
  used: 'Utilizado',
  invalid: 'Inválido',
};

/** 'no Portão 2', 'na Entrada VIP': the gate with its article (a first word ending in 'a' reads feminine). */
function atGate(gate: string): string {
  const first = gate.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return `${first.endsWith('a') ? 'na' : 'no'} ${gate.trim()}`;
}

/** '18:00' when `instant` falls on the São Paulo day of `now`, else '28/11 às 18:00'. */
function whenFrom(instant: Date | string, now: Date | undefined): string {
  const dated = formatNotificationDate(instant);
  const isToday = now !== undefined && saoPauloToday(new Date(instant)) === saoPauloToday(now);
  return isToday ? dated.split(' às ')[1] : dated;
}

/**
 * The pt-BR sentence for a refusal (e.g. 'Ingresso já utilizado às 21:14 no Portão 2' tonight, 'Ingresso
 * já utilizado em 15/03/2025 às 20:03' another day, 'Ingresso de outro evento: Baile do Havaí', 'Entrada a partir de 18:00'), São Paulo times.
 * With `now`, a door opening today shows only its time; without it, its date too. The gate of the
 * first entry is named unless it is the default one. Never says 'liberada': nothing is let in.
 */
export function refusalMessage(reason: RefusalReason, facts: RefusalFacts = {}, now?: Date): string {
  switch (reason) {
    case 'already_used': {
      if (!facts.checkedInAt) return 'Ingresso já utilizado';
      const gate = facts.checkedInGate && facts.checkedInGate !== DEFAULT_GATE ? ` ${atGate(facts.checkedInGate)}` : '';
      // Tonight's entry reads as the door says it ('às 21:14 no Portão 2'); another day's with its date.
      const isToday = now !== undefined && saoPauloToday(new Date(facts.checkedInAt)) === saoPauloToday(now);
      return isToday
        ? `Ingresso já utilizado às ${whenFrom(facts.checkedInAt, now)}${gate}`
        : `Ingresso já utilizado em ${formatInstant(facts.checkedInAt)}${gate}`;
    }
    case 'offline_conflict':
      return facts.checkedInAt
        ? `Conflito: ingresso já tinha entrado em ${formatInstant(facts.checkedInAt)}`
        : 'Conflito: ingresso já tinha entrado';
    case 'offline_out_of_window':
      return 'Conflito: leitura offline fora do horário de entrada do evento';
    case 'nonce_reused':
      return 'Leitura não registrada: identificador repetido. Escaneie o código de novo.';
    case 'not_paid':
      return 'Pagamento não confirmado para este ingresso';
    case 'refunded':
      return 'Ingresso reembolsado';
    case 'cancelled':
      return facts.isEventCancelled ? 'Evento cancelado pelo organizador' : 'Ingresso cancelado';
    case 'other_event':
      return facts.eventTitle ? `Ingresso de outro evento: ${facts.eventTitle}` : 'Ingresso de outro evento';
    case 'too_early': {
      if (!facts.opensAt) return 'A entrada deste evento ainda não abriu';
      return `Entrada a partir de ${whenFrom(facts.opensAt, now)}`;
    }
    case 'event_over':
      return 'Evento encerrado';
    case 'not_on_list':
      return 'Não está na lista deste aparelho';
    case 'unknown_code':
      return 'Código não reconhecido';
    case 'transferred':
      return 'Ingresso transferido';
    case 'qr_expired':
      return 'QR expirado: peça para abrir o ingresso no app';
    case 'wrong_session':
      return facts.validSessions && facts.validSessions.length > 0
        ? `Ingresso não vale para esta sessão (vale para: ${facts.validSessions.join(', ')})`
        : 'Ingresso não vale para esta sessão';
    case 'already_inside':
      return facts.checkedInAt ? `Já está dentro desde ${whenFrom(facts.checkedInAt, now)}` : 'Já está dentro';
    case 'not_inside':
      return 'Saída não registrada: este ingresso não está dentro';
  }
}

/**
 * What the door screen shows for the server's verdict codes (docs/rules/door.md 'Verdicts'),
 * the one mapping the scan, the decision taken offline on the device and the look-up all read:
 * admitted -> green 'VÁLIDO'; 'too_early' -> amber 'AINDA NÃO ABRIU' with the opening time and
 * 'O ingresso continua válido' (it is not burnt); 'already_used' -> red 'JÁ UTILIZADO' with when
 * and where it first got in; 'nonce_reused' -> amber 'LEIA DE NOVO' (nothing was recorded);
 * 'transferred' -> red 'INVÁLIDO · Ingresso transferido' with a note that only the code of the
 * person who received it admits; 'not_on_list' (offline, a well-formed code the device's list
 * does not hold: bought after the list was read, or another event's) -> amber 'CONFIRA' 'Não está
 * na lista deste aparelho · Confira online ou pelo documento'; exit scans: an exit -> blue
 * 'SAIU às 01:12' (tone 'exit', never the green of an entry), an entry after
 * one -> green 'VOLTOU', an entry while inside -> red 'JÁ ESTÁ DENTRO' ('Já está dentro desde
 * 23:40'); anything else (a pass on a day it does not cover too) -> red 'INVÁLIDO' with the reason. `now` decides whether the opening shows its date.
 */
export function describeVerdict(
  verdict: { accepted: true; direction?: ScanDirection; isReentry?: boolean; checkedInAt?: string } | ({ accepted: false } & DoorRefusal),
  now?: Date,
): VerdictView {
  if (verdict.accepted) {
    // Exit scans: 'SAIU às 01:12' for an exit, 'VOLTOU' for an entry after one.
    if (verdict.direction === 'out')
      return {
        tone: 'exit',
        title: verdict.checkedInAt ? `SAIU às ${formatClockTime(verdict.checkedInAt)}` : 'SAIU',
        detail: null,
        note: 'Pode voltar: leia o QR code na entrada',
      };
    if (verdict.isReentry) return { tone: 'valid', title: 'VOLTOU', detail: null, note: null };
    return { tone: 'valid', title: 'VÁLIDO', detail: null, note: null };
  }
  const detail = refusalMessage(verdict.reason, verdict, now);
  switch (verdict.reason) {
    case 'too_early':
      return { tone: 'early', title: 'AINDA NÃO ABRIU', detail, note: 'O ingresso continua válido' };
    case 'already_used':
    case 'offline_conflict':
      return { tone: 'used', title: 'JÁ UTILIZADO', detail, note: null };
    case 'already_inside':
      return { tone: 'used', title: 'JÁ ESTÁ DENTRO', detail, note: null };
    case 'not_inside':
      return { tone: 'early', title: 'NÃO ESTÁ DENTRO', detail, note: null };
    case 'nonce_reused':
      return { tone: 'early', title: 'LEIA DE NOVO', detail, note: null };
    case 'not_on_list':
      return { tone: 'early', title: 'CONFIRA', detail, note: 'Confira online ou pelo documento' };
    case 'transferred':
      return { tone: 'invalid', title: 'INVÁLIDO', detail, note: 'Este código foi trocado: vale só o QR code de quem recebeu o ingresso' };
    default:
      return { tone: 'invalid', title: 'INVÁLIDO', detail, note: null };
  }
}
