import type { Config } from '../config';
import type { ServiceDeps } from '../services/deps';
import { getEvent } from '../services/get-event';
import { formatEventDate, formatEventTime } from '../../shared/dates';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const eventPath = /^\/event\/([0-9a-f-]{36})(?:[/?#]|$)/i;

/**
 * The SPA's index.html for a path, with the page's own title, description and Open Graph tags
 * for event pages, so a link pasted into WhatsApp shows the event (PRODUCT.md 'Who may see what').
 */
export async function renderAppShell(
  indexHtml: string,
  url: string,
  deps: ServiceDeps,
  config: Config,
): Promise<{ status: number; body: string }> {
  const match = eventPath.exec(url);
  if (!match) return { status: 200, body: indexHtml };
  try {
    const event = await getEvent(deps.db, match[1].toLowerCase());
    const base = config.PUBLIC_URL ?? deps.publicUrl;
    const title = `${event.title} | Next Level`;
    const description = `${formatEventDate(event.date)}, ${formatEventTime(event.startTime)} · ${event.location}. ${event.description}`.slice(0, 200);
    const image = event.imageUrl ? new URL(event.imageUrl, base).toString() : null;
    const tags = [
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="Next Level" />`,
      `<meta property="og:locale" content="pt_BR" />`,
      `<meta property="og:title" content="${escapeHtml(event.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(new URL(`/event/${event.id}`, base).toString())}" />`,
      image ? `<meta property="og:image" content="${escapeHtml(image)}" />` : '',
      `<meta name="twitter:card" content="summary_large_image" />`,
    ].join('\n    ');
    const body = indexHtml
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeHtml(description)}" />`)
      .replace('<!--app-head-->', tags);
    return { status: 200, body };
  } catch {
    return { status: 200, body: indexHtml };
  }
}
