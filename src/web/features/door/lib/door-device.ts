import type { DoorSession } from '../../../../shared/schemas/tickets';

const SELECTION_KEY = 'door.selection';
const DEVICE_KEY = 'door.deviceId';
const GATE_KEY = 'door.gate';

/** The event this door works and its gate, remembered on the device (docs/rules/door.md 'One event per door'). */
export interface DoorSelection {
  eventId: string;
  title: string;
  /** 'yyyy-MM-dd' and 'HH:mm:ss', São Paulo. */
  date: string;
  startTime: string;
  /** The gate typed by the staff; '' = 'Entrada principal'. */
  gate: string;
  /** The event's sessions (none: its one date), as the door's list of events gave them. */
  sessions?: DoorSession[];
  /** The door scans exits too ('Entrada' / 'Saída'). */
  exitScans?: boolean;
}

/** A random id; crypto.randomUUID where the page is a secure context, else from getRandomValues. */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This device's id, made once and kept (it names the device in every scan it records). */
export function readDeviceId(): string {
  try {
    const saved = localStorage.getItem(DEVICE_KEY);
    if (saved) return saved;
    const made = newId();
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return newId();
  }
}

export function readSelection(): DoorSelection | null {
  try {
    const saved = JSON.parse(localStorage.getItem(SELECTION_KEY) ?? 'null') as DoorSelection | null;
    return saved && typeof saved.eventId === 'string' && typeof saved.title === 'string' ? saved : null;
  } catch {
    return null;
  }
}

/** The gate last typed on this device, offered again when the door changes event. */
export function readLastGate(): string {
  try {
    return localStorage.getItem(GATE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveSelection(selection: DoorSelection | null): void {
  try {
    if (selection) {
      localStorage.setItem(SELECTION_KEY, JSON.stringify(selection));
      localStorage.setItem(GATE_KEY, selection.gate);
    } else localStorage.removeItem(SELECTION_KEY);
  } catch {
    // Private mode or storage full: the choice simply isn't remembered.
  }
}
