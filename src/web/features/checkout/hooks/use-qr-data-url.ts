import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A PNG data URL of `text` as a QR code (black on white, so every phone camera reads it). */
export function useQrDataUrl(text: string | null, width = 280): string | null {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    setDataUrl(null);
    if (text) {
      QRCode.toDataURL(text, { width, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } })
        .then((url) => active && setDataUrl(url))
        .catch(() => active && setDataUrl(null));
    }
    return () => {
      active = false;
    };
  }, [text, width]);
  return dataUrl;
}
