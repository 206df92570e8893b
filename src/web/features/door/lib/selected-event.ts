const STORAGE_KEY = 'door.eventId';

/** The event this door works, remembered on the device ('' = all events). */
export function readSelectedEventId(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveSelectedEventId(eventId: string): void {
  try {
    if (eventId) localStorage.setItem(STORAGE_KEY, eventId);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode or storage full: the choice simply isn't remembered.
  }
}
