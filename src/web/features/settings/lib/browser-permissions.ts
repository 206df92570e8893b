/** What the browser answered when asked to show notifications. */
export type NotificationPermissionResult = 'granted' | 'denied' | 'default' | 'unsupported';

/** Asks the browser for permission to show notifications (docs/rules/notifications.md 'Channels': notification permission). */
export async function requestNotificationPermission(): Promise<NotificationPermissionResult> {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'granted') return 'granted';
  return Notification.requestPermission();
}

/** Geolocation as docs/screens.md 'Settings' asks it: high accuracy, 10 s timeout, no cached position. */
const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 };

/** Asks for the current position once; 'unsupported' without the API, 'failed' when refused or timed out. */
export function requestGeolocation(): Promise<'granted' | 'failed' | 'unsupported'> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve('unsupported');
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      () => resolve('granted'),
      () => resolve('failed'),
      GEOLOCATION_OPTIONS,
    );
  });
}
