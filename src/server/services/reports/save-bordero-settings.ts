import { eq } from 'drizzle-orm';
import { DomainError } from '../../../shared/errors';
import type { BorderoSettings } from '../../../shared/schemas/bordero';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';

/**
 * Saves what the organizer chooses on the borderô of an event: the ECAD rate (1000 or 1500 basis
 * points of the gross), the set list (trimmed; empty clears it) and the co-producers with their
 * shares of the net (basis points, summing to at most 10000: shared/schemas/bordero.ts
 * borderoSettingsSchema checks it, and events_ecad_rate in the database the rate). Fields left
 * out keep their value. Throws DomainError('event_not_found') for an unknown event.
 */
export async function saveBorderoSettings(db: Db, eventId: string, settings: BorderoSettings): Promise<void> {
  const changes: Partial<typeof events.$inferInsert> = {};
  if (settings.ecadBasisPoints !== undefined) changes.ecadBasisPoints = settings.ecadBasisPoints;
  if (settings.setList !== undefined) changes.setList = settings.setList.trim() === '' ? null : settings.setList.trim();
  if (settings.coProducers !== undefined)
    changes.coProducers = settings.coProducers.map((c) => ({ name: c.name, shareBasisPoints: c.shareBasisPoints }));
  const updated = await db
    .update(events)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(events.id, eventId))
    .returning({ id: events.id });
  if (updated.length === 0) throw new DomainError('event_not_found');
}
