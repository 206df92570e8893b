/**
 * The app's service worker, served at /sw.js (vite-plugin-pwa builds it and writes the precache
 * list into self.__WB_MANIFEST). It keeps the app shell and the buyer pages' code on the device,
 * so the app opens without network; shows push notifications and opens their page on a click;
 * and forgets this device's push subscription when someone signs out.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { notificationFromPush, pageToOpen } from './sw-notifications';

// The DOM library the project compiles with has no service-worker types: the few used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}
interface NotificationClickEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
  __WB_MANIFEST: (PrecacheEntry | string)[];
}

declare const self: ServiceWorkerScope;

// A new version takes over at once: the shell and chunks it precached belong together.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Before the precache route, so pages keep coming from the server (its head carries each page's
// preloads and data); the precached shell answers only when the network fails or hangs, and the
// app then shows what it kept on the device.
const OFFLINE_AFTER_MS = 8_000;
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      const shell = () => matchPrecache('/index.html');
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), OFFLINE_AFTER_MS));
      try {
        const answer = await Promise.race([fetch(request), timeout]);
        if (answer !== 'timeout') return answer;
        return (await shell()) ?? fetch(request);
      } catch (error) {
        const cached = await shell();
        if (cached) return cached;
        throw error;
      }
    },
    { denylist: [/^\/api\//, /^\/uploads\//] },
  ),
);

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Code of pages not precached (back office, door) once it was loaded: hashed names never change.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({ cacheName: 'assets', plugins: [new ExpirationPlugin({ maxEntries: 150, purgeOnQuotaError: true })] }),
);

// Event, news and profile pictures: shown from the device at once, refreshed in the background.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && /^\/(images|uploads)\//.test(url.pathname) && request.method === 'GET',
  new StaleWhileRevalidate({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('push', (event) => {
  const { title, options } = notificationFromPush(event.data?.text() ?? null);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = pageToOpen(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((client) => client.url === target);
      if (same) return same.focus();
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const moved = await open.navigate(target).catch(() => null);
        if (moved) return moved.focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});

/**
 * Every way out of the app (menu, settings, back office, door) signs out with this request. While
 * the session still exists, the device's push subscription is deleted on the server and in the
 * browser, so the next person on this device gets none of the previous one's notifications.
 */
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== '/api/auth/sign-out') return;
  const request = event.request.clone();
  event.respondWith(
    (async () => {
      try {
        const subscription = await self.registration.pushManager.getSubscription();
        if (subscription) {
          await fetch('/api/push/subscriptions', {
            method: 'DELETE',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ endpoint: subscription.endpoint }),
          });
          await subscription.unsubscribe();
        }
      } catch (error) {
        console.error('Não foi possível remover a inscrição de notificações', error);
      }
      return fetch(request);
    })(),
  );
});
