import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, Camera, Info, Loader2, LogOut, ScanLine, ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { useSession, useSignOut } from '../../../lib/session';
import { formatEventDateShort, formatEventTime } from '../../../../shared/dates';
import type { CheckInResult } from '../../../../shared/schemas/tickets';
import { useCheckInEvents } from '../api/get-check-in-events';
import { useCheckInTicket } from '../api/check-in-ticket';
import { CameraScanner } from '../components/camera-scanner';
import { CheckInResultBox } from '../components/check-in-result';
import { readSelectedEventId, saveSelectedEventId } from '../lib/selected-event';

const CAMERA_ERROR = 'Não foi possível acessar a câmera. Verifique as permissões.';

function vibrate(pattern: number | number[]) {
  try {
    navigator.vibrate?.(pattern);
  } catch {
    // Not every device vibrates.
  }
}

/** Door screen for /validator and /ticket-validator (SPEC.md section 2 'Validator', PRODUCT.md). */
export function ValidatorPage() {
  const { user } = useSession();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const isAdminValidator = pathname.startsWith('/ticket-validator');
  const { data: events, isLoading: isLoadingEvents } = useCheckInEvents();
  const checkIn = useCheckInTicket();

  const [eventId, setEventId] = useState(readSelectedEventId);
  const [code, setCode] = useState('');
  const [result, setResult] = useState<{ id: number; value: CheckInResult } | null>(null);
  const [isScanning, setScanning] = useState(false);
  const [isSigningOut, setSigningOut] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  // Forget an event the door may no longer pick (finished or removed).
  useEffect(() => {
    if (events && eventId && !events.some((e) => e.id === eventId)) {
      setEventId('');
      saveSelectedEventId('');
    }
  }, [events, eventId]);

  useEffect(() => {
    if (result) resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [result]);

  function validate(raw: string) {
    const value = raw.trim();
    if (!value) {
      toast.error('Digite ou escaneie um código QR');
      inputRef.current?.focus();
      return;
    }
    if (checkIn.isPending) return;
    setResult(null);
    checkIn.mutate(
      { code: value, eventId: eventId || undefined },
      {
        onSuccess: (verdict) => {
          setResult({ id: Date.now(), value: verdict });
          if (verdict.accepted) {
            toast.success('Ingresso validado com sucesso!');
            setCode('');
            vibrate(150);
          } else {
            toast.error(verdict.message || 'Erro na validação');
            vibrate([120, 80, 120, 80, 120]);
          }
          inputRef.current?.focus();
        },
        onError: (error) => {
          toast.error('Erro ao validar ingresso', {
            description: error instanceof ApiError && error.status > 0 ? error.message : undefined,
          });
        },
      },
    );
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      validate(code);
    }
  }

  function handleDetected(scanned: string) {
    setScanning(false);
    setCode(scanned);
    validate(scanned);
  }

  function handleCameraError() {
    setScanning(false);
    if (isAdminValidator) toast.error(CAMERA_ERROR);
    else toast.error('Erro ao acessar a câmera', { description: CAMERA_ERROR });
  }

  async function handleSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <div className="min-h-dvh bg-bg text-fg">
      <title>Validador - Next Level</title>
      <header className="sticky top-0 z-10 border-b border-border bg-card/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-2xl items-center gap-3 px-4">
          {isAdminValidator ? (
            <Button asChild variant="ghost" size="icon" className="-ml-2 shrink-0">
              <Link to="/admin" aria-label="Voltar ao painel">
                <ArrowLeft className="size-5" aria-hidden />
              </Link>
            </Button>
          ) : (
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground" aria-hidden>
              <ScanLine className="size-5" />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <h1 className="text-lg leading-tight font-bold">Validador</h1>
            {user?.email ? <p className="truncate text-sm text-muted">{user.email}</p> : null}
          </div>
          <Button variant="ghost" size="icon" aria-label="Sair" onClick={handleSignOut} disabled={isSigningOut}>
            {isSigningOut ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <LogOut className="size-5" aria-hidden />}
          </Button>
        </div>
      </header>

      <main className="mx-auto max-w-2xl space-y-4 px-4 py-5">
        <div className="rounded-3xl border border-border bg-card p-4 sm:p-5">
          <Label htmlFor="door-event">Evento</Label>
          <select
            id="door-event"
            value={eventId}
            onChange={(e) => {
              setEventId(e.target.value);
              saveSelectedEventId(e.target.value);
            }}
            aria-describedby="door-event-hint"
            disabled={isLoadingEvents}
            className="h-12 w-full rounded-xl border border-border bg-card px-3 text-base text-fg"
          >
            <option value="">Todos os eventos</option>
            {events?.map((event) => (
              <option key={event.id} value={event.id}>
                {event.title} · {formatEventDateShort(event.date).slice(0, 5)} {formatEventTime(event.startTime)}
              </option>
            ))}
          </select>
          <p id="door-event-hint" className="mt-1.5 text-sm text-muted">
            {eventId ? 'Ingressos de outros eventos serão recusados.' : 'Ingressos de qualquer evento são aceitos.'}
          </p>
        </div>

        <section aria-labelledby="door-validator-title" className="rounded-3xl border border-border bg-card p-4 shadow-sm sm:p-5">
          <h2 id="door-validator-title" className="mb-4 flex items-center gap-2 text-xl font-bold">
            <ShieldCheck className="size-6 text-accent" aria-hidden />
            Validador de Ingressos
          </h2>

          {isScanning ? (
            <div className="mb-4">
              <CameraScanner onDetected={handleDetected} onError={handleCameraError} onCancel={() => setScanning(false)} />
            </div>
          ) : null}

          <Label htmlFor="door-code">Código QR do Ingresso</Label>
          <Input
            ref={inputRef}
            id="door-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={handleKeyDown}
            placeholder="Cole o código QR aqui"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            className="h-14 font-mono text-lg"
          />

          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <Button size="lg" className="h-14 text-lg sm:text-base" onClick={() => validate(code)} disabled={checkIn.isPending}>
              {checkIn.isPending ? (
                <>
                  <Loader2 className="size-5 animate-spin" aria-hidden /> Validando...
                </>
              ) : (
                'Validar Ingresso'
              )}
            </Button>
            {!isScanning ? (
              <Button variant="outline" size="lg" className="h-14 text-lg whitespace-nowrap sm:text-base" onClick={() => setScanning(true)}>
                <Camera className="size-5" aria-hidden /> Escanear com a câmera
              </Button>
            ) : null}
          </div>
        </section>

        <div ref={resultRef} role="status" aria-live="polite" aria-atomic="true" className="scroll-mt-20">
          {result ? <CheckInResultBox key={result.id} result={result.value} /> : null}
        </div>

        <aside className="flex gap-3 rounded-3xl border border-border bg-surface p-4">
          <Info className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
          <div>
            <h2 className="font-bold">Sistema de Validação</h2>
            <p className="text-sm text-muted">Escaneie ou digite o código QR do ingresso para validar a entrada</p>
          </div>
        </aside>
      </main>
    </div>
  );
}
