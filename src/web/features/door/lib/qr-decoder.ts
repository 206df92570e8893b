import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// barcode-detector fetches its wasm from a CDN unless told otherwise (docs/architecture.md 'Traps'):
// serve the reader wasm bundled with the app instead, so the door also works offline.
const zxingOverrides = {
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
};
prepareZXingModule({ overrides: zxingOverrides });

/** Starts loading the decoder now, so the first frame is decoded without a wait. */
export function warmUpQrDecoder(): void {
  prepareZXingModule({ overrides: zxingOverrides, fireImmediately: true }).catch(() => undefined);
}

/** A QR-only detector decoding locally with zxing-wasm (never the platform's own detector). */
export function createQrDetector(): BarcodeDetector {
  return new BarcodeDetector({ formats: ['qr_code'] });
}
