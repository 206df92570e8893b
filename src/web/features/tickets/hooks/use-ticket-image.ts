import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** What the downloaded ticket shows around its QR code (docs/rules/tickets.md 'My tickets'). */
export interface TicketImageDetails {
  /** The code the QR carries (never a rotating one: those are not downloaded). */
  code: string;
  eventTitle: string;
  /** 'Sábado, 14 de março de 2026 · 22:00': the start of the ticket's own session. */
  when: string;
  location: string;
  sectorName: string;
  holderName: string | null;
}

/** Width of the image, px; the QR inside is 440 px, large enough for a door camera off a printed page. */
const WIDTH = 600;
const PAD = 40;
const QR_SIZE = 440;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

/** Lines of `text` no wider than `width` at the canvas's current font, broken between words (a word longer than a line is broken inside). */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (context.measureText(candidate).width <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (context.measureText(line).width > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && context.measureText(line.slice(0, cut)).width > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** One block of text: its font, colour, line height (px) and lines. */
interface Block {
  font: string;
  color: string;
  lineHeight: number;
  text: string;
  gapBefore: number;
}

/**
 * The ticket as a PNG data URL for 'Baixar' (docs/rules/tickets.md 'My tickets'): on white, the
 * event's title, the session's start, the venue, the sector and the holder, then the QR code
 * (440 px, margin 2, black on white, as the door reads it) and the code in letters under it, so a
 * printed or saved ticket says what it is for. Rejects when the QR cannot be drawn.
 */
export async function drawTicketImage(details: TicketImageDetails): Promise<string> {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d indisponível');
  const inner = WIDTH - PAD * 2;
  const blocks: Block[] = [
    { font: `700 32px ${FONT}`, color: '#111827', lineHeight: 40, text: details.eventTitle, gapBefore: 0 },
    { font: `400 22px ${FONT}`, color: '#374151', lineHeight: 30, text: details.when, gapBefore: 12 },
    { font: `400 22px ${FONT}`, color: '#374151', lineHeight: 30, text: details.location, gapBefore: 0 },
    { font: `700 28px ${FONT}`, color: '#5b21b6', lineHeight: 36, text: details.sectorName, gapBefore: 20 },
    ...(details.holderName
      ? [{ font: `500 24px ${FONT}`, color: '#111827', lineHeight: 32, text: `Titular: ${details.holderName}`, gapBefore: 4 }]
      : []),
  ];
  const laidOut = blocks.map((block) => {
    context.font = block.font;
    return { ...block, lines: wrap(context, block.text, inner) };
  });
  const codeFont = `400 18px ui-monospace, "DejaVu Sans Mono", monospace`;
  context.font = codeFont;
  // The code has no spaces: it breaks where a line is full, and nothing is added to it.
  const codeLines = wrap(context, details.code, inner);
  const footer = 'Apresente este QR code na entrada do evento para validação';
  context.font = `400 20px ${FONT}`;
  const footerLines = wrap(context, footer, inner);

  const textHeight = laidOut.reduce((sum, block) => sum + block.gapBefore + block.lines.length * block.lineHeight, 0);
  const height = PAD + textHeight + 24 + QR_SIZE + 16 + codeLines.length * 24 + 16 + footerLines.length * 28 + PAD;
  canvas.width = WIDTH;
  canvas.height = Math.ceil(height);

  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.textAlign = 'center';
  context.textBaseline = 'top';
  let y = PAD;
  for (const block of laidOut) {
    y += block.gapBefore;
    context.font = block.font;
    context.fillStyle = block.color;
    for (const line of block.lines) {
      context.fillText(line, WIDTH / 2, y);
      y += block.lineHeight;
    }
  }
  y += 24;
  const qr = document.createElement('canvas');
  await QRCode.toCanvas(qr, details.code, { width: QR_SIZE, margin: 2, color: { dark: '#000000', light: '#ffffff' } });
  context.drawImage(qr, (WIDTH - QR_SIZE) / 2, y, QR_SIZE, QR_SIZE);
  y += QR_SIZE + 16;
  context.font = codeFont;
  context.fillStyle = '#4b5563';
  for (const line of codeLines) {
    context.fillText(line, WIDTH / 2, y);
    y += 24;
  }
  y += 16;
  context.font = `400 20px ${FONT}`;
  context.fillStyle = '#111827';
  for (const line of footerLines) {
    context.fillText(line, WIDTH / 2, y);
    y += 28;
  }
  return canvas.toDataURL('image/png');
}

/** The downloadable ticket (drawTicketImage) of `details`, drawn when given; null while drawing, without details, or when drawing failed. */
export function useTicketImage(details: TicketImageDetails | null): string | null {
  const key = details ? JSON.stringify(details) : null;
  const [state, setState] = useState<{ key: string; url: string } | null>(null);
  useEffect(() => {
    if (!details || !key) return;
    let active = true;
    drawTicketImage(details)
      .then((url) => {
        if (active) setState({ key, url });
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
    // `key` stands for `details`, drawn again only when what it shows changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state && state.key === key ? state.url : null;
}
