import { createKeyValueStore } from '../../../lib/key-value-store';
import type {
  BoxOfficeBlock,
  BoxOfficeEvent,
  BoxOfficeSaleInput,
  BoxOfficeSaleResult,
  CashDrawerView,
} from '../../../../shared/schemas/box-office';

/** A block as this device keeps it: the server's block, how many of its units this device sold (the next code to give) and how many of them as meia. */
export interface LocalBlock {
  block: BoxOfficeBlock;
  sold: number;
  /** Absent on a block kept before the device counted it: the server's count. */
  meiaSold?: number;
}

/** What the device keeps of one event: the event (prices), its open drawer and its blocks. */
export interface LocalEventState {
  event: BoxOfficeEvent;
  drawer: CashDrawerView | null;
  blocks: LocalBlock[];
}

/** A sale made on this device waiting to be sent (POST /api/box-office/sync), with what the screen showed. */
export interface QueuedSale {
  sale: BoxOfficeSaleInput;
  eventId: string;
  totalCentavos: number;
  sectorName: string;
}

/** A sale the server refused at the sync (kept there as a conflict), as the screen lists it. */
export interface RefusedSale {
  nonce: string;
  message: string;
  at: string;
  result?: BoxOfficeSaleResult;
}

// The same kind of store the door keeps its offline list in (web/lib/key-value-store.ts).
const { read, write } = createKeyValueStore('next-level-box-office');

export const readEvents = () => read<BoxOfficeEvent[]>('events');
export const saveEvents = (events: BoxOfficeEvent[]) => write('events', events);
export const readEventState = (eventId: string) => read<LocalEventState>(`event:${eventId}`);
export const saveEventState = (state: LocalEventState) => write(`event:${state.event.id}`, state);
export const readQueue = async () => (await read<QueuedSale[]>('queue')) ?? [];
export const saveQueue = (queue: QueuedSale[]) => write('queue', queue);
export const readRefused = async () => (await read<RefusedSale[]>('refused')) ?? [];
export const saveRefused = (refused: RefusedSale[]) => write('refused', refused);

/** This device's random id, kept across visits (the drawer and the blocks are recorded with it). */
export function deviceId(): string {
  const key = 'next-level-box-office-device';
  let id = localStorage.getItem(key);
  if (!id) {
    id = `bilheteria-${crypto.randomUUID()}`;
    localStorage.setItem(key, id);
  }
  return id;
}
