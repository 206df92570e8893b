import { Camera, Loader2, ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import type { useDoorScan } from '../lib/use-door-scan';
import { CameraScanner } from './camera-scanner';
import { CheckInResultBox } from './check-in-result';

/**
 * 'Validador de Ingressos': the camera first ('Escanear com a câmera', above the fold on a
 * 360 x 740 phone), the continuous mode, then the typed code with 'Validar ingresso'.
 */
export function DoorScannerPanel({ scan }: { scan: ReturnType<typeof useDoorScan> }) {
  const { overlay, isValidating } = scan;
  return (
    <section aria-labelledby="door-validator-title" className="rounded-3xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <h2 id="door-validator-title" className="mb-4 flex items-center gap-2 text-xl font-bold">
        <ShieldCheck className="size-6 text-accent" aria-hidden />
        Validador de Ingressos
      </h2>

      {scan.isScanning ? (
        <div ref={scan.cameraRef} className="mb-4 scroll-mt-36">
          <CameraScanner
            onDetected={scan.handleDetected}
            onError={scan.handleCameraError}
            onCancel={scan.closeCamera}
            continuous={scan.isContinuous}
            isPaused={isValidating || overlay !== null}
            overlay={overlay ? <CheckInResultBox key={overlay.scanId} result={overlay.result} source={overlay.source} compact /> : null}
          />
        </div>
      ) : (
        <Button size="lg" className="h-16 w-full text-base sm:text-lg" onClick={scan.openCamera}>
          <Camera className="size-6" aria-hidden /> Escanear com a câmera
        </Button>
      )}

      <label className="mt-3 flex cursor-pointer items-center gap-3 rounded-2xl bg-surface px-3 py-2.5">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-accent"
          checked={scan.isContinuous}
          onChange={(e) => scan.setContinuous(e.target.checked)}
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
            ref={scan.inputRef}
            id="door-code"
            value={scan.code}
            onChange={(e) => scan.setCode(e.target.value)}
            onKeyDown={scan.handleKeyDown}
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
            onClick={() => void scan.validate(scan.code)}
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
  );
}
