import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Loader2, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { createQrDetector, warmUpQrDecoder } from '../lib/qr-decoder';

const SCAN_INTERVAL_MS = 200; // about five decodes a second
/** In the continuous mode, the same code still in front of the camera is not read again for this long. */
const SAME_CODE_PAUSE_MS = 4000;

const cameraConstraints: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: 'environment', width: { ideal: 640 }, height: { ideal: 480 } },
};

function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

/**
 * Rear camera with local QR decoding (zxing-wasm, offline). Scan-once (docs/screens.md 'Validator', the default):
 * calls `onDetected` with the first code read and stops the camera. `continuous`: the camera
 * stays open and every new code is given, except while `isPaused` (a result on screen) and the
 * same code again within 4 s. Stops every camera track when it closes or unmounts. `overlay` is
 * drawn over the picture (the continuous mode's big result).
 */
export function CameraScanner({
  onDetected,
  onError,
  onCancel,
  continuous = false,
  isPaused = false,
  overlay,
}: {
  onDetected: (code: string) => void;
  onError: (error: unknown) => void;
  onCancel: () => void;
  continuous?: boolean;
  isPaused?: boolean;
  overlay?: ReactNode;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isStarting, setStarting] = useState(true);
  const callbacks = useRef({ onDetected, onError });
  callbacks.current = { onDetected, onError };
  const mode = useRef({ continuous, isPaused });
  mode.current = { continuous, isPaused };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let isStopped = false;
    let last = { value: '', at: 0 };
    const video = videoRef.current;
    warmUpQrDecoder();

    async function start() {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('getUserMedia indisponível');
        stream = await navigator.mediaDevices.getUserMedia(cameraConstraints);
        if (isStopped || !video) {
          stopStream(stream);
          return;
        }
        video.srcObject = stream;
        await video.play().catch(() => undefined);
        if (isStopped) return;
        setStarting(false);
        const detector = createQrDetector();
        const tick = async () => {
          if (isStopped) return;
          if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0 && !mode.current.isPaused) {
            try {
              const codes = await detector.detect(video);
              const value = codes.map((c) => c.rawValue.trim()).find(Boolean);
              if (value && !isStopped && !mode.current.isPaused) {
                if (!mode.current.continuous) {
                  isStopped = true;
                  stopStream(stream);
                  callbacks.current.onDetected(value);
                  return;
                }
                const now = Date.now();
                if (value !== last.value || now - last.at > SAME_CODE_PAUSE_MS) {
                  callbacks.current.onDetected(value);
                }
                last = { value, at: now };
              }
            } catch {
              // A frame that cannot be read is skipped; the next one is tried.
            }
          }
          timer = window.setTimeout(tick, SCAN_INTERVAL_MS);
        };
        void tick();
      } catch (error) {
        stopStream(stream);
        if (!isStopped) callbacks.current.onError(error);
      }
    }
    void start();

    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      stopStream(stream);
      if (video) video.srcObject = null;
    };
  }, []);

  return (
    <div className="space-y-3">
      <div className="relative mx-auto aspect-square w-full max-w-sm overflow-hidden rounded-2xl bg-black">
        <video ref={videoRef} className="size-full object-cover" muted playsInline autoPlay aria-label="Imagem da câmera" />
        {/* Viewfinder: where to put the code */}
        <div
          className="pointer-events-none absolute inset-[12%] rounded-2xl border-4 border-white/90 shadow-[0_0_0_9999px_rgba(0,0,0,0.35)]"
          aria-hidden
        />
        {overlay ? (
          <div role="region" aria-label="Resultado na câmera" className="absolute inset-2 flex items-end">
            <div className="w-full">{overlay}</div>
          </div>
        ) : null}
        {isStarting ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-white" role="status">
            <Loader2 className="size-8 animate-spin" aria-hidden />
            <span className="text-sm font-medium">Abrindo câmera...</span>
          </div>
        ) : null}
      </div>
      <p className="text-center text-sm text-muted">
        {continuous
          ? 'Modo contínuo: a câmera segue aberta; aponte para o próximo QR code.'
          : 'Aponte a câmera para o QR code do ingresso.'}
      </p>
      <Button variant="outline" size="lg" className="h-14 w-full text-lg" onClick={onCancel}>
        <X className="size-5" aria-hidden /> Cancelar scanner
      </Button>
    </div>
  );
}
