import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import type { CheckInResult } from '../../../../shared/schemas/tickets';
import { beep, unlockSound, vibrate } from './feedback';
import type { ScanOutcome, VerdictSource } from './use-offline-door';

const CAMERA_ERROR = 'Não foi possível acessar a câmera. Verifique as permissões.';
/** How long the continuous mode shows a verdict over the camera before reading the next code. */
const CONTINUOUS_RESULT_MS = 1500;

/** A verdict of the door, for the latest scan. */
export interface DoorVerdict {
  /** The scan this verdict answers; only the latest scan's verdict is ever shown. */
  scanId: number;
  result: CheckInResult;
  source: VerdictSource;
}

/**
 * The door's scanning: the typed code, the camera (single or continuous mode, whose verdict shows
 * over the camera for 1.5 s with sound and vibration), one scan validated at a time through
 * `checkIn`, and the latest scan's verdict (a late answer of an earlier scan is never shown).
 * Keeps the camera, then the verdict, in view; the code field takes the focus back after a scan.
 */
export function useDoorScan({
  checkIn,
  isAdminValidator,
}: {
  checkIn(code: string): Promise<ScanOutcome>;
  /** The back office's validator: the camera's error is a plain toast. */
  isAdminValidator: boolean;
}) {
  const [code, setCode] = useState('');
  const [verdict, setVerdict] = useState<DoorVerdict | null>(null);
  const [pendingScan, setPendingScan] = useState<number | null>(null);
  const [isScanning, setScanning] = useState(false);
  const [isContinuous, setContinuous] = useState(false);
  const [overlay, setOverlay] = useState<DoorVerdict | null>(null);
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
      const outcome = await checkIn(value);
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

  return {
    code,
    setCode,
    verdict,
    overlay,
    isScanning,
    isContinuous,
    isValidating: pendingScan !== null,
    inputRef,
    resultRef,
    cameraRef,
    validate,
    /** A verdict of the look-up's manual entry, shown as the latest scan's. */
    showManual(result: CheckInResult) {
      const scanId = ++lastScanId.current;
      show(scanId, result, 'manual');
    },
    handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
      if (event.key === 'Enter') {
        event.preventDefault();
        void validate(code);
      }
    },
    handleDetected(scanned: string) {
      if (!isContinuous) {
        setScanning(false);
        setCode(scanned);
      }
      void validate(scanned);
    },
    handleCameraError() {
      setScanning(false);
      if (isAdminValidator) toast.error(CAMERA_ERROR);
      else toast.error('Erro ao acessar a câmera', { description: CAMERA_ERROR });
    },
    openCamera() {
      unlockSound();
      setOverlay(null);
      setScanning(true);
    },
    closeCamera() {
      setScanning(false);
      setOverlay(null);
    },
    setContinuous(next: boolean) {
      unlockSound();
      setContinuous(next);
    },
  };
}
