import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { events, tickets } from '../../src/server/db/schema';
import type { Server } from '../../src/server/server';
import { openDoorNow } from './door';

/**
 * Gets a signed-in door page ready to scan `code`: the ticket's event is moved to now (its door
 * open) and picked on the door screen, as door staff do before doors open.
 */
export async function pickDoorEventFor(server: Pick<Server, 'deps'>, page: Page, code: string): Promise<void> {
  const [ticket] = await server.deps.db
    .select({ eventId: tickets.eventId, title: events.title })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(eq(tickets.code, code));
  await openDoorNow(server, ticket.eventId);
  await page.reload();
  await expect.poll(() => page.getByRole('heading', { name: 'Escolha o evento desta portaria' }).isVisible()).toBe(true);
  await page
    .getByRole('button', { name: new RegExp(ticket.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first()
    .click();
  await expect.poll(() => page.getByTestId('door-event').textContent()).toBe(ticket.title);
}
