import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, Camera, Info, Loader2, LogOut, MapPin, Repeat, ScanLine, ShieldCheck } from 'lucide-react';
import { formatEventDateShort, formatEventTime } from '../../../../shared/dates';
import { type CheckInResult, DEFAULT_GATE } from '../../../../shared/schemas/tickets';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { useSession, useSignOut } from '../../../lib/session';
import { useDoorCounts } from '../api/get-door-counts';
import { CameraScanner } from '../components/camera-scanner';
import { CheckInResultBox } from '../components/check-in-result';
import { ConnectionBar, DoorStatus } from '../components/door-status';
import { EventPicker } from '../components/event-picker';
import { TicketLookup } from '../components/ticket-lookup';
import { DoorTurnControls } from '../components/door-turn';
import type { ScanDirection } from '../../../../shared/statuses';
import { type DoorSelection, readLastGate, readSelection, saveSelection } from '../lib/door-device';
import { beep, unlockSound, vibrate } from '../lib/feedback';
import { type VerdictSource, useOfflineDoor } from '../lib/use-offline-door';
import { leaveDoor } from '../lib/leave-door';

const CAMERA_ERROR = 'Não foi possível acessar a câmera. Verifique as permissões.';
/** How long the continuous mode shows a verdict over the camera before reading the next code. */
const CONTINUOUS_RESULT_MS = 1500;

/**
 * Door screen for /validator and /ticket-validator (docs/screens.md 'Validator', docs/rules/door.md 'Tickets and the door').
 * Once the event is chosen, the camera is the first action (above the fold on a 360 x 740 phone),
 * then a typed code, the verdict, the counts and the look-up.
 */
export function ValidatorPage() {
  const { pathname } = useLocation();
  const isAdminValidator = pathname.startsWith('/ticket-validator');
  const [selection, setSelection] = useState<DoorSelection | null>(readSelection);

  function choose(next: DoorSelection | null) {
    saveSelection(next);
    setSelection(next);
  }

  return (
    <div className="min-h-dvh bg-bg text-fg">
      <title>Validador - Next Level</title>
      <DoorHeader isAdminValidator={isAdminValidator} />
      <main className="mx-auto max-w-2xl space-y-4 px-4 py-5">
        {selection ? (
          <DoorScreen
            key={selection.eventId}
            selection={selection}
            isAdminValidator={isAdminValidator}
            onChangeEvent={() => choose(null)}
          />
        ) : (
          <EventPicker initialGate={readLastGate()} onPick={choose} />
        )}
      </main>
    </div>
  );
}

function DoorHeader({ isAdminValidator }: { isAdminValidator: boolean }) {
  const { user } = useSession();
  const signOut = useSignOut();
  const [isSigningOut, setSigningOut] = useState(false);

  async function handleSignOut() {
    setSigningOut(true);
    try {
      // Nothing of the door stays on the device, and no entry made offline is lost on the way out.
      const { unsent } = await leaveDoor();
      if (unsent > 0) {
        toast.error(
          `${unsent === 1 ? 'Há 1 leitura feita' : `Há ${unsent} leituras feitas`} sem internet ainda não ${unsent === 1 ? 'enviada' : 'enviadas'}. Conecte-se e toque em Sair de novo.`,
        );
        return;
      }
      await signOut();
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <header className="sticky top-0 z-20 border-b border-border bg-card">
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
  );
}

interface Verdict {
  /** The scan this verdict answers; only the latest scan's verdict is ever shown. */
  scanId: number;
  result: CheckInResult;
  source: VerdictSource;
}

function DoorScreen({
  selection,
  isAdminValidator,
  onChangeEvent,
}: {
  selection: DoorSelection;
  isAdminValidator: boolean;
  onChangeEvent: () => void;
}) {
  // The session picked (null: the one open now) and, with exit scans, 'Entrada' or 'Saída'.
  const [pickedSession, setPickedSession] = useState<string | null>(null);
  const [direction, setDirection] = useState<ScanDirection>('in');
  const turn = useMemo(() => ({ sessionId: pickedSession, direction }), [pickedSession, direction]);
  const door = useOfflineDoor(selection, turn);
  const sessions = door.list?.event.sessions ?? selection.sessions ?? [];
  const exitScans = door.list?.event.exitScans ?? selection.exitScans ?? false;
  const counts = useDoorCounts(selection.eventId);
  const [code, setCode] = useState('');
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [pendingScan, setPendingScan] = useState<number | null>(null);
  const [isScanning, setScanning] = useState(false);
  const [isContinuous, setContinuous] = useState(false);
  const [overlay, setOverlay] = useState<Verdict | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const cameraRef = useRef<HTMLDivElement>(null);
  const lastScanId = useRef(0);
  const overlayTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(overlayTimer.current), []);
  useEffect(() => {
    if (isScanning) cameraRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [isScanning]);
  useEffect(() => {
    if (verdict && !isScanning) resultRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [verdict, isScanning]);

  function show(scanId: number, result: CheckInResult, source: VerdictSource) {
    // A late answer of an earlier scan is never shown for a later one.
    if (scanId !== lastScanId.current) return;
    const next = { scanId, result, source };
    setVerdict(next);
    vibrate(result.accepted);
    if (isContinuous && isScanning) {
      beep(result.accepted);
      setOverlay(next);
      window.clearTimeout(overlayTimer.current);
      overlayTimer.current = window.setTimeout(
        () => setOverlay((current) => (current?.scanId === scanId ? null : current)),
        CONTINUOUS_RESULT_MS,
      );
    }
  }

  async function validate(raw: string) {
    const value = raw.trim();
    if (!value) {
      toast.error('Digite ou escaneie um código QR');
      inputRef.current?.focus();
      return;
    }
    if (pendingScan !== null) return;
    const scanId = ++lastScanId.current;
    setPendingScan(scanId);
    setVerdict(null);
    try {
      const outcome = await door.checkIn(value);
      if ('error' in outcome) {
        if (scanId === lastScanId.current) toast.error('Erro ao validar ingresso', { description: outcome.error });
        return;
      }
      show(scanId, outcome.result, outcome.source);
      if (outcome.result.accepted) setCode((current) => (current.trim() === value ? '' : current));
    } finally {
      setPendingScan((current) => (current === scanId ? null : current));
      if (!isScanning) inputRef.current?.focus();
    }
  }

  function showManual(result: CheckInResult) {
    const scanId = ++lastScanId.current;
    show(scanId, result, 'manual');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void validate(code);
    }
  }

  function handleDetected(scanned: string) {
    if (!isContinuous) {
      setScanning(false);
      setCode(scanned);
    }
    void validate(scanned);
  }

  function handleCameraError() {
    setScanning(false);
    if (isAdminValidator) toast.error(CAMERA_ERROR);
    else toast.error('Erro ao acessar a câmera', { description: CAMERA_ERROR });
  }

  function openCamera() {
    unlockSound();
    setOverlay(null);
    setScanning(true);
  }

  const isValidating = pendingScan !== null;
  return (
    <>
      <ConnectionBar isOnline={door.isOnline} queueLength={door.queueLength} lastSync={door.lastSync} />

      <section aria-label="Evento da portaria" className="rounded-3xl border border-border bg-card p-4 shadow-sm">
        <div className="flex items-center justify-between gap-3">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">Evento</p>
          <Button variant="outline" size="sm" className="shrink-0" onClick={onChangeEvent}>
            <Repeat className="size-4" aria-hidden /> Trocar evento
          </Button>
        </div>
        <p className="mt-1 text-lg leading-tight font-bold break-words" data-testid="door-event">
          {selection.title}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-sm text-muted">
          <span>
            {formatEventDateShort(selection.date)} às {formatEventTime(selection.startTime)}
          </span>
          <span aria-hidden>·</span>
          <span className="inline-flex items-center gap-1">
            <MapPin className="size-4 shrink-0" aria-hidden /> {selection.gate || DEFAULT_GATE}
          </span>
        </p>
        <DoorTurnControls
          sessions={sessions}
          exitScans={exitScans}
          sessionId={pickedSession}
          direction={exitScans ? direction : 'in'}
          onSession={setPickedSession}
          onDirection={setDirection}
        />
      </section>

      <section aria-labelledby="door-validator-title" className="rounded-3xl border border-border bg-card p-4 shadow-sm sm:p-5">
        <h2 id="door-validator-title" className="mb-4 flex items-center gap-2 text-xl font-bold">
          <ShieldCheck className="size-6 text-accent" aria-hidden />
          Validador de Ingressos
        </h2>

        {isScanning ? (
          <div ref={cameraRef} className="mb-4 scroll-mt-36">
            <CameraScanner
              onDetected={handleDetected}
              onError={handleCameraError}
              onCancel={() => {
                setScanning(false);
                setOverlay(null);
              }}
              continuous={isContinuous}
              isPaused={isValidating || overlay !== null}
              overlay={overlay ? <CheckInResultBox key={overlay.scanId} result={overlay.result} source={overlay.source} compact /> : null}
            />
          </div>
        ) : (
          <Button size="lg" className="h-16 w-full text-base sm:text-lg" onClick={openCamera}>
            <Camera className="size-6" aria-hidden /> Escanear com a câmera
          </Button>
        )}

        <label className="mt-3 flex cursor-pointer items-center gap-3 rounded-2xl bg-surface px-3 py-2.5">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-accent"
            checked={isContinuous}
            onChange={(e) => {
              unlockSound();
              setContinuous(e.target.checked);
            }}
            aria-describedby="door-continuous-hint"
          />
          <span className="min-w-0">
            <span className="block font-semibold">Modo contínuo</span>
            <span id="door-continuous-hint" className="block text-sm text-muted">
              Câmera sempre aberta; resultado por 1,5 s com som e vibração.
            </span>
          </span>
        </label>

        <div className="mt-4 border-t border-border pt-4">
          <Label htmlFor="door-code">Código QR do ingresso</Label>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
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
              className="h-14 min-w-0 font-mono text-lg sm:flex-1"
            />
            <Button
              variant="outline"
              size="lg"
              className="h-14 shrink-0 px-5 text-base"
              onClick={() => void validate(code)}
              disabled={isValidating}
            >
              {isValidating ? (
                <>
                  <Loader2 className="size-5 animate-spin" aria-hidden /> Validando...
                </>
              ) : (
                'Validar ingresso'
              )}
            </Button>
          </div>
        </div>
      </section>

      <div
        ref={resultRef}
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="scroll-mt-36"
        data-testid="door-result"
        data-scan={verdict?.scanId ?? ''}
      >
        {verdict ? <CheckInResultBox key={verdict.scanId} result={verdict.result} source={verdict.source} /> : null}
      </div>

      <DoorStatus
        isOnline={door.isOnline}
        queueLength={door.queueLength}
        list={door.list}
        counts={counts.data}
        isSyncing={door.isSyncing}
        onSync={() => void door.sync()}
      />

      <TicketLookup
        eventId={selection.eventId}
        gate={selection.gate}
        deviceId={door.deviceId}
        isOnline={door.isOnline}
        onResult={showManual}
        sessionId={pickedSession}
      />

      <aside className="flex gap-3 rounded-3xl border border-border bg-surface p-4">
        <Info className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
        <div>
          <h2 className="font-bold">Sistema de validação</h2>
          <p className="text-sm text-muted">Escaneie ou digite o código QR do ingresso para validar a entrada</p>
        </div>
      </aside>
    </>
  );
}
