import type { EventInput } from '../../../shared/schemas/admin-events';
import { brandOfCategory, type EventCategory } from '../../../shared/schemas/admin-events';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, events } from '../../db/schema';
import { insertSector, loadSectorSnapshots, sectorChanges } from './save-sectors';
import { announceEvent } from '../notifications/announce-event';
import { recordAudit, type AuditActor } from '../audit/record-audit';
import { diffFields } from '../audit/diff-fields';

/**
 * The brand an event belongs to, from its category ('KXP Events' -> 'kxp'), as a value for the
 * brand_slug column: the brand only when that brand exists (a database without the demo data has
 * no brands), otherwise null.
 */
function brandSlugOfCategory(category: string): SQL | null {
  const slug = brandOfCategory[category as EventCategory];
  return slug ? sql`(SELECT ${brands.slug} FROM ${brands} WHERE ${brands.slug} = ${slug})` : null;
}

/**
 * The events row's columns from the create and edit forms (eventInputSchema), the brand
 * following the category; timestamps are the caller's.
 */
export function eventColumns(input: EventInput) {
  return {
    title: input.title,
    description: input.description,
    date: input.date,
    startTime: input.startTime,
    endTime: input.endTime,
    location: input.location,
    fullAddress: input.fullAddress,
    city: input.city,
    capacity: input.capacity,
    category: input.category,
    brandSlug: brandSlugOfCategory(input.category),
    imageUrl: input.imageUrl,
    isPublished: input.isPublished,
    meiaEntrada: input.meiaEntrada,
    maxTicketsPerOrder: input.maxTicketsPerOrder,
    maxTicketsPerCpf: input.maxTicketsPerCpf,
    serviceFeeBasisPoints: input.serviceFeeBasisPoints,
    serviceFeeMinCentavos: input.serviceFeeMinCentavos,
    serviceFeeMaxCentavos: input.serviceFeeMaxCentavos,
    serviceFeeAbsorbed: input.serviceFeeAbsorbed,
    serviceFeeRefundable: input.serviceFeeRefundable,
    nominal: input.nominal,
    rotatingQr: input.rotatingQr,
    transferAllowed: input.transferAllowed,
    transferDeadlineHours: input.transferDeadlineHours,
    ageRating: input.ageRating,
    minorsAccompanied: input.minorsAccompanied,
    accessibility: input.accessibility,
    policies: input.policies,
  };
}

/** The event's fields the audit trail compares (docs/rules/audit.md 'What is recorded'): all the form's but the sectors. */
export const AUDITED_EVENT_FIELDS = [
  'title',
  'description',
  'date',
  'startTime',
  'endTime',
  'location',
  'fullAddress',
  'city',
  'capacity',
  'category',
  'imageUrl',
  'isPublished',
  'meiaEntrada',
  'maxTicketsPerOrder',
  'maxTicketsPerCpf',
  'serviceFeeBasisPoints',
  'serviceFeeMinCentavos',
  'serviceFeeMaxCentavos',
  'serviceFeeAbsorbed',
  'serviceFeeRefundable',
  'nominal',
  'rotatingQr',
  'transferAllowed',
  'transferDeadlineHours',
  'ageRating',
  'minorsAccompanied',
  'accessibility',
  'policies',
] as const satisfies readonly (keyof EventInput)[];

/**
 * Creates an event and its ticket types in one transaction (docs/rules/events.md 'Creating and editing events';
 * docs/rules/events.md 'Creating and editing events': never a half-created event, so a failing ticket type leaves no event behind).
 * Input as parsed by eventInputSchema: prices in centavos, date 'yyyy-MM-dd' and times 'HH:mm'
 * in America/Sao_Paulo. The brand follows the category. A published upcoming event is announced
 * to its brand's followers who opted in (announce-event.ts). The event, its sectors and lots are
 * recorded in the audit trail by `actor` (docs/rules/audit.md 'What is recorded'). Returns the new event's id.
 */
export async function createEvent(db: Db, input: EventInput, actor: AuditActor, now: Date = new Date()): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .insert(events)
      .values({ ...eventColumns(input), createdAt: now, updatedAt: now })
      .returning({ id: events.id });
    for (const [index, type] of input.sectors.entries()) await insertSector(tx, event.id, type, index, now);
    await recordAudit(tx, actor, {
      action: 'event.created',
      objectType: 'event',
      objectId: event.id,
      eventId: event.id,
      changes: { ...diffFields(null, input, AUDITED_EVENT_FIELDS), sectors: sectorChanges([], await loadSectorSnapshots(tx, event.id)) },
    });
    if (input.isPublished) await announceEvent(tx, { id: event.id, ...input }, now);
    return { id: event.id };
  });
}
