import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EventSummary } from '../../../../shared/schemas/events';
import { notificationSettingsQueryOptions } from '../../../lib/notification-settings/get-notification-settings';
import { useSession } from '../../../lib/session';

/** The three cities of the events (docs/rules/events.md 'Creating and editing events'), by fixed coordinates: the position never leaves the browser. */
const CITY_COORDINATES: Record<string, { latitude: number; longitude: number }> = {
  'são paulo': { latitude: -23.5505, longitude: -46.6333 },
  'rio de janeiro': { latitude: -22.9068, longitude: -43.1729 },
  itajaí: { latitude: -26.9078, longitude: -48.6619 },
};

interface Position {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in km. */
function distanceKm(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(h));
}

function cityOf(event: EventSummary): Position | null {
  const text = `${event.city ?? ''} ${event.location}`.toLocaleLowerCase('pt-BR');
  const found = Object.entries(CITY_COORDINATES).find(([name]) => text.includes(name));
  return found ? found[1] : null;
}

/** The events nearest first (stable: same distance keeps the date order); events with no known city last. */
function sortByDistance<T extends EventSummary>(events: T[], from: Position): T[] {
  const distance = (event: T) => {
    const city = cityOf(event);
    return city ? distanceKm(from, city) : Number.POSITIVE_INFINITY;
  };
  return events
    .map((event, index) => ({ event, index, km: distance(event) }))
    .sort((a, b) => a.km - b.km || a.index - b.index)
    .map((entry) => entry.event);
}

export type NearbyStatus = 'off' | 'locating' | 'on' | 'failed';

/**
 * 'Mais perto de você': offered only when the signed-in user switched geolocation on in /settings;
 * asks the browser for the position (high accuracy, 10 s timeout, max age 0; docs/screens.md 'Settings')
 * and keeps it in this page only.
 */
export function useNearbySort() {
  const { user } = useSession();
  const settings = useQuery({ ...notificationSettingsQueryOptions(), enabled: Boolean(user) });
  const isAvailable = Boolean(user && settings.data?.geolocationEnabled && typeof navigator !== 'undefined' && 'geolocation' in navigator);
  const [position, setPosition] = useState<Position | null>(null);
  const [status, setStatus] = useState<NearbyStatus>('off');

  const toggle = useCallback(() => {
    if (status === 'on' || status === 'locating') {
      setStatus('off');
      return;
    }
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (found) => {
        setPosition({ latitude: found.coords.latitude, longitude: found.coords.longitude });
        setStatus('on');
      },
      () => setStatus('failed'),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 },
    );
  }, [status]);

  const sort = useCallback(
    <T extends EventSummary>(events: T[]): T[] => (isAvailable && status === 'on' && position ? sortByDistance(events, position) : events),
    [isAvailable, status, position],
  );

  return { isAvailable, isOn: isAvailable && status === 'on', status, toggle, sort };
}
