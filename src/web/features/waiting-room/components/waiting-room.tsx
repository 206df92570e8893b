import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Clock, Hourglass, PartyPopper, PauseCircle, Shuffle, Ticket, XCircle } from 'lucide-react';
import type { RoomPassView, RoomStatusView } from '../../../../shared/schemas/waiting-room';
import { formatCpf, isValidCpf } from '../../../../shared/cpf';
import { formatClockTime } from '../../../../shared/dates';
import { ApiError } from '../../../lib/api';
import { keepEventChoice, readEventChoice } from '../../../lib/event-choice';
import { deviceId, readPass, readPlaceToken, savePass, savePlaceToken } from '../../../lib/waiting-room-pass';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { claimPass, getRoomStatus, joinRoom, solveJoinProof, type JoinProof } from '../api/room';

const numberFormat = new Intl.NumberFormat('pt-BR');

/** '≈ 9 min', '< 1 min'. */
function formatEstimate(seconds: number): string {
  if (seconds < 60) return '< 1 min';
  return `≈ ${numberFormat.format(Math.round(seconds / 60))} min`;
}

function peopleAhead(ahead: number): string {
  if (ahead === 0) return 'Você é o próximo';
  return ahead === 1 ? '1 pessoa na sua frente' : `${numberFormat.format(ahead)} pessoas na sua frente`;
}

type Turn = { state: 'claiming' } | { state: 'ready'; pass: RoomPassView } | { state: 'expired' } | { state: 'refused'; message: string };

/**
 * The fan's screen of an event's waiting room (docs/rules/waiting-room.md 'The on-sale'): the join (with the CPF
 * the place belongs to), then the phase live from the server's status (polled when the server
 * says), and the turn: a pass for this device and 'Escolher ingressos' back to the event.
 */
export function WaitingRoom({ eventId, eventTitle, buyPath }: { eventId: string; eventTitle: string; buyPath: string }) {
  const [token, setToken] = useState<string | null>(() => readPlaceToken(eventId));
  const [status, setStatus] = useState<RoomStatusView | null>(null);
  const [otherDevice, setOtherDevice] = useState(false);
  const [turn, setTurn] = useState<Turn | null>(() => {
    const kept = readPass(eventId);
    return kept ? { state: 'ready', pass: kept } : null;
  });
  const [pollError, setPollError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // The poll: when the server says, again and again, until the turn comes or the sale ends.
  useEffect(() => {
    if (!token) return;
    let stopped = false;
    let timer: number | undefined;
    const controller = new AbortController();
    async function poll(current: string) {
      try {
        const next = await getRoomStatus(current, controller.signal);
        if (stopped) return;
        setPollError(null);
        setStatus(next);
        if (next.token !== current) {
          savePlaceToken(eventId, next.token);
        }
        if (next.phase === 'your_turn' || next.phase === 'sold_out' || next.phase === 'closed') return;
        timer = window.setTimeout(() => void poll(next.token), next.pollAfterMs);
      } catch (error) {
        if (stopped || (error as Error).name === 'AbortError') return;
        setPollError(error instanceof ApiError && error.status !== 0 ? error.message : 'Sem conexão. Tentando de novo…');
        timer = window.setTimeout(() => void poll(current), 5_000);
      }
    }
    void poll(token);
    return () => {
      stopped = true;
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [token, eventId]);

  // The turn: claimed once for this device when the place is admitted.
  const claimed = useRef(false);
  useEffect(() => {
    if (status?.phase !== 'your_turn' || claimed.current || (turn && turn.state === 'ready')) return;
    claimed.current = true;
    setTurn({ state: 'claiming' });
    claimPass(eventId, deviceId())
      .then((pass) => {
        savePass(eventId, pass);
        setTurn({ state: 'ready', pass });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'waiting_room_pass_expired') setTurn({ state: 'expired' });
        else setTurn({ state: 'refused', message: error instanceof Error ? error.message : 'Não foi possível confirmar sua vez.' });
      });
  }, [status?.phase, eventId, turn]);

  // At the opening the draw runs: the screen says so until the next status brings the place.
  const [isDrawing, setDrawing] = useState(false);
  useEffect(() => {
    setDrawing(false);
    if (status?.phase !== 'before_open') return;
    const timer = window.setTimeout(() => setDrawing(true), Math.max(0, Date.parse(status.onSaleAt) - Date.now()));
    return () => window.clearTimeout(timer);
  }, [status]);

  // The turn's clock.
  useEffect(() => {
    if (turn?.state !== 'ready') return;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [turn?.state]);

  if (!token) {
    return (
      <JoinForm
        eventId={eventId}
        eventTitle={eventTitle}
        onJoined={(joined) => {
          savePlaceToken(eventId, joined.token);
          setOtherDevice(joined.alreadyJoined);
          setStatus(joined);
          setToken(joined.token);
        }}
      />
    );
  }

  const turnLeft = turn?.state === 'ready' ? Date.parse(turn.pass.expiresAt) - now : null;
  return (
    <RoomCard eventTitle={eventTitle}>
      {otherDevice ? (
        <p className="rounded-xl bg-accent/10 px-3 py-2 text-sm font-medium" role="status">
          Você já está na fila em outro dispositivo. Seu lugar é o mesmo aqui.
        </p>
      ) : null}
      <div aria-live="polite" className="flex flex-col gap-3">
        {turn?.state === 'ready' && turnLeft !== null && turnLeft > 0 ? (
          <YourTurn buyPath={buyPath} msLeft={turnLeft} />
        ) : turn?.state === 'expired' || (turn?.state === 'ready' && turnLeft !== null && turnLeft <= 0) ? (
          <Phase icon={<XCircle aria-hidden className="size-8 text-danger" />} title="Sua vez expirou.">
            Os 10 minutos da sua vez terminaram sem uma compra.
          </Phase>
        ) : turn?.state === 'refused' ? (
          <Phase icon={<XCircle aria-hidden className="size-8 text-danger" />} title={turn.message} />
        ) : status ? (
          <StatusPhase status={isDrawing ? { ...status, phase: 'drawing' } : status} />
        ) : (
          <p className="text-fg/70">Carregando sua posição…</p>
        )}
        {pollError ? (
          <p className="text-sm text-danger" role="alert">
            {pollError}
          </p>
        ) : null}
      </div>
    </RoomCard>
  );
}

function StatusPhase({ status }: { status: RoomStatusView }) {
  switch (status.phase) {
    case 'before_open':
      return (
        <Phase icon={<Clock aria-hidden className="size-8 text-accent" />} title={`A venda abre às ${formatClockTime(status.onSaleAt)}.`}>
          Você já está na sala de espera; a ordem será sorteada na abertura, chegar antes não muda sua vez.
        </Phase>
      );
    case 'drawing':
      return <Phase icon={<Shuffle aria-hidden className="size-8 animate-pulse text-accent" />} title="Sorteando a ordem..." />;
    case 'waiting':
      return (
        <Phase
          icon={<Hourglass aria-hidden className="size-8 text-accent" />}
          title={`Você está na fila: ${peopleAhead(status.ahead ?? 0)} · previsão ${formatEstimate(status.estimateSeconds ?? 0)}.`}
        >
          Atualizar a página não muda sua posição.
        </Phase>
      );
    case 'your_turn':
      return <Phase icon={<Ticket aria-hidden className="size-8 text-accent" />} title="É a sua vez! Confirmando…" />;
    case 'paused':
      return <Phase icon={<PauseCircle aria-hidden className="size-8 text-accent" />} title="Venda pausada pelo organizador." />;
    case 'sold_out':
      return (
        <Phase
          icon={<XCircle aria-hidden className="size-8 text-danger" />}
          title="Esgotado: os ingressos acabaram enquanto você esperava."
        />
      );
    default:
      return (
        <Phase
          icon={<Ticket aria-hidden className="size-8 text-accent" />}
          title="A sala de espera foi encerrada: a venda segue normalmente."
        />
      );
  }
}

function YourTurn({ buyPath, msLeft }: { buyPath: string; msLeft: number }) {
  const minutes = Math.floor(msLeft / 60_000);
  const seconds = Math.floor((msLeft % 60_000) / 1000);
  return (
    <Phase
      icon={<PartyPopper aria-hidden className="size-8 text-success" />}
      title="É a sua vez! Você tem 10 minutos para escolher e pagar."
    >
      <span className="block tabular-nums">
        Tempo restante: {minutes}:{String(seconds).padStart(2, '0')}
      </span>
      <Button asChild size="lg" className="mt-4 w-full">
        <Link to={buyPath}>Escolher ingressos</Link>
      </Button>
    </Phase>
  );
}

function Phase({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      {icon}
      <p className="text-lg font-bold text-balance">{title}</p>
      {children ? <div className="text-fg/80">{children}</div> : null}
    </div>
  );
}

function RoomCard({ eventTitle, children }: { eventTitle: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="waiting-room-title"
      className="mx-auto flex w-full max-w-lg flex-col gap-4 rounded-3xl border border-border bg-surface p-5 sm:p-8"
    >
      <div>
        <h1 id="waiting-room-title" className="text-2xl font-black tracking-tight">
          Sala de espera
        </h1>
        <p className="mt-1 font-medium text-fg/80 [overflow-wrap:anywhere]">{eventTitle}</p>
      </div>
      {children}
    </section>
  );
}

function JoinForm({
  eventId,
  eventTitle,
  onJoined,
}: {
  eventId: string;
  eventTitle: string;
  onJoined(view: Awaited<ReturnType<typeof joinRoom>>): void;
}) {
  // The CPF given before (this tab, this event): the checkout starts with it too (lib/event-choice.ts).
  const [cpf, setCpf] = useState(() => readEventChoice(eventId)?.cpf ?? '');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  // The proof of work starts at once, while the CPF is typed (a retry after a refusal makes a new one).
  const proof = useRef<Promise<JoinProof> | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const solving = solveJoinProof(eventId, controller.signal);
    solving.catch(() => undefined);
    proof.current = solving;
    return () => controller.abort();
  }, [eventId]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isValidCpf(cpf)) {
      setError(cpf.trim() ? 'CPF inválido' : 'Informe seu CPF');
      return;
    }
    setPending(true);
    setError(null);
    try {
      const solved = await (proof.current ?? solveJoinProof(eventId));
      proof.current = null;
      const joined = await joinRoom(eventId, cpf, solved);
      keepEventChoice(eventId, { cpf });
      onJoined(joined);
    } catch (failure) {
      proof.current = solveJoinProof(eventId);
      proof.current.catch(() => undefined);
      setError(failure instanceof Error ? failure.message : 'Não foi possível entrar na fila.');
    } finally {
      setPending(false);
    }
  }

  return (
    <RoomCard eventTitle={eventTitle}>
      <div className="flex flex-col gap-2 text-fg/85">
        <p>Esta venda tem sala de espera para que todos tenham a mesma chance.</p>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>Quem entra antes da abertura recebe um lugar sorteado na hora da abertura: chegar antes não muda sua vez.</li>
          <li>Depois da abertura, vale a ordem de chegada.</li>
          <li>Um lugar por conta e por CPF; atualizar a página ou abrir outra aba não muda sua posição.</li>
          <li>Na sua vez, você tem 10 minutos para escolher e pagar, com o CPF informado aqui.</li>
        </ul>
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
        <label htmlFor="room-cpf" className="text-sm font-semibold">
          CPF
        </label>
        <Input
          id="room-cpf"
          inputMode="numeric"
          autoComplete="off"
          placeholder="000.000.000-00"
          value={cpf}
          onChange={(e) => setCpf(formatCpf(e.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'room-cpf-error' : undefined}
        />
        {error ? (
          <p id="room-cpf-error" className="text-sm text-danger" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={isPending}>
          {isPending ? 'Verificando este navegador…' : 'Entrar na fila'}
        </Button>
      </form>
    </RoomCard>
  );
}
