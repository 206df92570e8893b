import { z } from 'zod';

/**
 * What the fan chose on an event's page, kept in this tab (sessionStorage) until the order is
 * placed, so a reload or a visit to the waiting room does not lose it: the quantities per sector
 * (full and half price), the pre-sale code that unlocked a sector, and the CPF given to the
 * waiting room (the checkout's CPF asks it again otherwise). One record per event.
 */
const keyOf = (eventId: string) => `nl.event-choice:${eventId}`;

const eventChoiceSchema = z.object({
  selection: z
    .array(
      z.object({
        sectorId: z.string().min(1),
        fullQuantity: z.number().int().min(0),
        meiaQuantity: z.number().int().min(0),
      }),
    )
    .default([]),
  accessCode: z.string().min(1).nullable().default(null),
  /** As typed in the waiting room ('000.000.000-00'). */
  cpf: z.string().min(1).nullable().default(null),
});
export type EventChoice = z.infer<typeof eventChoiceSchema>;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: nothing is kept
  }
}

/** The choice kept for `eventId` in this tab, or null when there is none (or it cannot be read). */
export function readEventChoice(eventId: string): EventChoice | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(keyOf(eventId)) ?? 'null');
  } catch {
    return null;
  }
  const result = eventChoiceSchema.safeParse(parsed);
  return result.success ? result.data : null;
}

/** Keeps `change` over what was kept for `eventId`; only sectors with units are kept. */
export function keepEventChoice(eventId: string, change: Partial<EventChoice>): void {
  const kept = readEventChoice(eventId) ?? { selection: [], accessCode: null, cpf: null };
  const next: EventChoice = { ...kept, ...change };
  next.selection = next.selection.filter((line) => line.fullQuantity + line.meiaQuantity > 0);
  try {
    if (next.selection.length === 0 && next.accessCode === null && next.cpf === null) storage()?.removeItem(keyOf(eventId));
    else storage()?.setItem(keyOf(eventId), JSON.stringify(next));
  } catch {
    // full or blocked storage: the fan chooses again after a reload
  }
}

/** Forgets the choice of `eventId` (its order was placed). */
export function forgetEventChoice(eventId: string): void {
  try {
    storage()?.removeItem(keyOf(eventId));
  } catch {
    // nothing kept
  }
}
