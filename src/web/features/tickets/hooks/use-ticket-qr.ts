import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** PNG data URL of a ticket code: 300 px, margin 2, black on white (SPEC.md section 9). */
export function useTicketQr(code: string | null): string | null {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    setDataUrl(null);
    if (code) {
      QRCode.toDataURL(code, { width: 300, margin: 2, color: { dark: '#000000', light: '#ffffff' } })
        .then((url) => active && setDataUrl(url))
        .catch(() => active && setDataUrl(null));
    }
    return () => {
      active = false;
    };
  }, [code]);
  return dataUrl;
}
