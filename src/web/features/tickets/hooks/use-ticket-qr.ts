import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** Codes drawn lately, so swiping back to a ticket shows its QR at once (a few orders' worth). */
const drawn = new Map<string, string>();
const MAX_DRAWN = 40;

/** PNG data URL of a ticket code: 300 px, margin 2, black on white (SPEC.md section 9); null while drawing or without a code. */
export function useTicketQr(code: string | null): string | null {
  const [state, setState] = useState<{ code: string; url: string } | null>(() => (code && drawn.has(code) ? { code, url: drawn.get(code)! } : null));
  useEffect(() => {
    let active = true;
    if (!code || drawn.has(code)) return;
    QRCode.toDataURL(code, { width: 300, margin: 2, color: { dark: '#000000', light: '#ffffff' } })
      .then((url) => {
        drawn.set(code, url);
        if (drawn.size > MAX_DRAWN) drawn.delete(drawn.keys().next().value!);
        if (active) setState({ code, url });
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [code]);
  if (!code) return null;
  if (drawn.has(code)) return drawn.get(code)!;
  return state?.code === code ? state.url : null;
}
