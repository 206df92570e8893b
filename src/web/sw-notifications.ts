/** What the server pushes (src/server/messaging/push.ts PushPayload). */
interface PushMessage {
  title?: unknown;
  body?: unknown;
  url?: unknown;
}

const FALLBACK_TITLE = 'Next Level';
const FALLBACK_BODY = 'Você tem uma nova notificação.';

/**
 * The system notification for one push message: its title and body, the app's icon, and the
 * page to open in `data.url`. A message that is not the server's JSON still shows something.
 */
export function notificationFromPush(text: string | null): { title: string; options: NotificationOptions } {
  let message: PushMessage = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') message = parsed as PushMessage;
  } catch {
    message = { body: text };
  }
  const title = typeof message.title === 'string' && message.title.trim() ? message.title : FALLBACK_TITLE;
  const body = typeof message.body === 'string' && message.body.trim() ? message.body : FALLBACK_BODY;
  const url = typeof message.url === 'string' ? message.url : '/';
  return { title, options: { body, icon: '/icons/icon-192.png', badge: '/icons/badge-96.png', lang: 'pt-BR', data: { url } } };
}

/** The address a click on a notification opens: its page of this site, or the home page. */
export function pageToOpen(data: unknown, origin: string): string {
  const url = data && typeof data === 'object' && typeof (data as { url?: unknown }).url === 'string' ? (data as { url: string }).url : '/';
  try {
    const target = new URL(url, origin);
    if (target.origin === origin) return target.href;
  } catch {
    // Not an address: the home page below.
  }
  return new URL('/', origin).href;
}
