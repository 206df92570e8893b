import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { msUntilNextStep, rotatingQrPayload } from '../../../../shared/rotating-qr';

/** Codes drawn lately, so swiping back to a ticket shows its QR at once (a few orders' worth). */
const drawn = new Map<string, string>();
const MAX_DRAWN = 40;

/** PNG data URL of a ticket code: 300 px, margin 2, black on white (docs/rules/tickets.md 'My tickets'); null while drawing or without a code. */
export function useTicketQr(code: string | null): string | null {
  const [state, setState] = useState<{ code: string; url: string } | null>(() =>
    code && drawn.has(code) ? { code, url: drawn.get(code)! } : null,
  );
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

/**
 * What a ticket's QR carries now: its code, or for an event whose QR rotates (`secret`), the code
 * with the TOTP of the current 30-second step (shared/rotating-qr.ts), changed on the step. Works
 * without network: the secret came with the tickets.
 */
export function useQrPayload(code: string | null, secret: string | null | undefined): string | null {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!code || !secret) return;
    let timer = 0;
    const schedule = () => {
      timer = window.setTimeout(() => {
        setNow(new Date());
        schedule();
      }, msUntilNextStep());
    };
    schedule();
    return () => window.clearTimeout(timer);
  }, [code, secret]);
  if (!code) return null;
  return secret ? rotatingQrPayload(code, secret, now) : code;
}
