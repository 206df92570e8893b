import type { EventDetail } from './schemas/events';

/** The id of the `<script type="application/json">` block the server writes into a page. */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/**
 * Data the server already had when it answered a page's HTML, so the app shows it without a
 * first round trip: on /event/{id}, the event exactly as GET /api/events/{id} gives it. It is
 * as fresh as the page itself, so the app dates it by the page's own load, not by the server's
 * clock.
 */
export interface InitialData {
  event?: EventDetail;
}
