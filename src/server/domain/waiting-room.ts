/**
 * The rules of an event's waiting room ('Sala de espera', docs/rules/waiting-room.md 'The on-sale'), pure: the
 * services read the room and its counts, ask these functions, and write what they answer.
 *
 * Fairness: everyone who joins before the on-sale gets a place drawn at random at the opening (a
 * random key stored at the join orders them), later arrivals the next place; a place's turn comes
 * when the room's `admittedThrough` reaches it, and lasts PASS_MINUTES. The outflow moves
 * `admittedThrough` at the organizer's rate, keeps at most `maxInside` live turns, and never lets in
 * more buyers than the stock left can serve.
 */

/** How long a turn lasts (Ticketmaster Smart Queue and Queue-it: 10 minutes to choose and pay). */
export const PASS_MINUTES = 10;
/** Margin (percent) over the buyers the stock can serve: some admitted buyers take fewer tickets or none. */
const SERVABLE_MARGIN_PERCENT = 10;
/** Units an order takes on average before the event has orders of its own. */
export const DEFAULT_AVERAGE_ORDER_UNITS = 2;

/** What a fan's screen shows, in the order a night goes. */
export type RoomPhase = 'closed' | 'before_open' | 'drawing' | 'waiting' | 'your_turn' | 'paused' | 'sold_out';

export interface RoomState {
  enabled: boolean;
  opensAt: Date;
  onSaleAt: Date;
  paused: boolean;
  drawnAt: Date | null;
  placesGiven: number;
  admittedThrough: number;
  ratePerMinute: number;
  /** Units of the event still on sale (not sold, not held). */
  remainingUnits: number;
}

/**
 * Whether `POST /api/orders` needs a pass for the event now: the room is on and open (from
 * `opensAt` on, until the organizer turns it off).
 */
export function roomIsActive(room: Pick<RoomState, 'enabled' | 'opensAt'> | null, now: Date): boolean {
  return !!room && room.enabled && now.getTime() >= room.opensAt.getTime();
}

/**
 * The phase a place (null: joined before the draw) sees at `now`. A place whose turn came sees
 * 'your_turn' even when paused or sold out (its pass may still buy what it holds open).
 */
export function phaseFor(room: RoomState, place: number | null, now: Date): RoomPhase {
  if (!room.enabled) return 'closed';
  if (now.getTime() < room.onSaleAt.getTime()) return 'before_open';
  if (!room.drawnAt || place === null) return 'drawing';
  if (place <= room.admittedThrough) return 'your_turn';
  if (room.remainingUnits <= 0) return 'sold_out';
  if (room.paused) return 'paused';
  return 'waiting';
}

/** People ahead of a place still waiting for their turn. */
export function peopleAhead(room: Pick<RoomState, 'admittedThrough'>, place: number): number {
  return Math.max(0, place - room.admittedThrough - 1);
}

/** Seconds until a place's turn at the room's rate, rounded up; 0 when it is next. */
export function estimateWaitSeconds(ahead: number, ratePerMinute: number): number {
  if (ahead <= 0) return 0;
  return Math.ceil((ahead / ratePerMinute) * 60);
}

/**
 * When the client should ask again (ms): near its estimated turn (half the estimate), between 2 s
 * and 30 s; before the opening, just after it, spread over `spreadMs` by `jitter` (0..1) so the
 * first polls of every fan do not land in the same second.
 */
export function pollAfterMs(
  phase: RoomPhase,
  input: { now: Date; onSaleAt: Date; ahead: number; ratePerMinute: number; jitter: number; spreadMs?: number },
): number {
  const spread = input.spreadMs ?? 5_000;
  const clamp = (ms: number) => Math.min(30_000, Math.max(2_000, Math.round(ms)));
  switch (phase) {
    case 'before_open': {
      const untilOpen = input.onSaleAt.getTime() - input.now.getTime();
      return Math.min(30_000, untilOpen + 500 + Math.round(input.jitter * spread));
    }
    case 'drawing':
      return 1_000 + Math.round(input.jitter * spread);
    case 'waiting':
      return clamp((estimateWaitSeconds(input.ahead, input.ratePerMinute) * 1000) / 2 + input.jitter * 1_000);
    case 'paused':
      return clamp(5_000 + input.jitter * 5_000);
    default:
      return 30_000;
  }
}

/** Buyers the units left can serve: units over the average order, plus the margin, at least 1 while units remain. */
export function servableBuyers(remainingUnits: number, averageOrderUnits: number): number {
  if (remainingUnits <= 0) return 0;
  return Math.ceil((remainingUnits * (100 + SERVABLE_MARGIN_PERCENT)) / (100 * Math.max(1, averageOrderUnits)));
}

export interface OutflowInput {
  /** Milliseconds since the outflow last moved. */
  elapsedMs: number;
  ratePerMinute: number;
  maxInside: number;
  /** Live turns not yet used to place an order. */
  inside: number;
  remainingUnits: number;
  averageOrderUnits: number;
  /** Places given and not yet admitted. */
  waiting: number;
  paused: boolean;
}

/**
 * How many places to admit now: the rate's share of the elapsed time, within the room's most
 * inside at once, the buyers the stock left can serve (less those already inside), and those
 * waiting. 0 while paused. Never negative.
 */
export function admissionsDue(input: OutflowInput): number {
  if (input.paused || input.waiting <= 0) return 0;
  const byRate = Math.floor((input.ratePerMinute * input.elapsedMs) / 60_000);
  const byRoom = input.maxInside - input.inside;
  const byStock = servableBuyers(input.remainingUnits, input.averageOrderUnits) - input.inside;
  return Math.max(0, Math.min(byRate, byRoom, byStock, input.waiting));
}

/**
 * The default room of an event whose on-sale starts at `onSaleAt`: it opens `openMinutesBefore`
 * (30) minutes earlier.
 */
export function defaultRoomTimes(onSaleAt: Date, openMinutesBefore = 30): { opensAt: Date; onSaleAt: Date } {
  return { opensAt: new Date(onSaleAt.getTime() - openMinutesBefore * 60_000), onSaleAt };
}

/**
 * An event selling at least this many tickets gets its waiting room switched on by default
 * (docs/rules/waiting-room.md 'The on-sale'): 10,000, the size at which the meia-entrada law also counts an event
 * as large (Decreto 8.537/2015: the reserve's 72-hour rule).
 */
export const LARGE_ON_SALE_UNITS = 10_000;

/**
 * Whether an event the organizer has not configured gets a room of its own, switched on: its stock
 * is large (`totalUnits` >= LARGE_ON_SALE_UNITS) and its on-sale (the first lot's start, UTC) is
 * still ahead, so nobody is buying yet when the room appears. `onSaleAt` null: sales are open.
 */
export function roomOnByDefault(input: { totalUnits: number; onSaleAt: Date | null; now: Date }): boolean {
  return input.totalUnits >= LARGE_ON_SALE_UNITS && input.onSaleAt !== null && input.onSaleAt.getTime() > input.now.getTime();
}
