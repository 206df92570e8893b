import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '../../shared/initial-data';

let cached: InitialData | null | undefined;

/**
 * The data block the server wrote into this page (see renderAppShell), read once; null when the
 * page has none or it is unreadable. Only the page that was loaded carries one: a later
 * navigation inside the app fetches as usual.
 */
export function readInitialData(): InitialData | null {
  if (cached !== undefined) return cached;
  const element = document.getElementById(INITIAL_DATA_ELEMENT_ID);
  try {
    cached = element?.textContent ? (JSON.parse(element.textContent) as InitialData) : null;
  } catch {
    cached = null;
  }
  return cached;
}
