import { useCallback, useEffect, useEffectEvent, useId, useLayoutEffect, useRef } from 'react';

/**
 * The marks of the open sheets kept in the browser history entry: each open sheet pushes an entry
 * listing itself and the sheets under it, so the back button pops the top one only.
 */
const SHEETS_KEY = 'nlSheets';

let openings = 0;
/**
 * Entries left on the history by sheets that closed without popping them (closed for a
 * navigation, or their component hidden for a moment): a sheet opened on top of one takes it over
 * instead of pushing another.
 */
const left = new Set<string>();

function sheetsOf(state: unknown): string[] {
  const sheets = state && typeof state === 'object' ? (state as Record<string, unknown>)[SHEETS_KEY] : undefined;
  return Array.isArray(sheets) ? sheets.filter((sheet): sheet is string => typeof sheet === 'string') : [];
}

const topSheet = () => sheetsOf(window.history.state).at(-1);

/**
 * While `open`, the phone's (or browser's) back button closes the sheet or dialog instead of
 * leaving the page: opening pushes a history entry of the same address (React Router's own state
 * copied, so the router sees the same location and page when it is popped), and going back pops
 * it and calls `onBack`. `onBack` returns false to stay open (e.g. while a payment is being sent):
 * the entry is pushed again.
 *
 * Returns `close`, for the sheet's own closing (X, Esc, a tap outside, done without leaving the
 * page): it pops the entry, so history stays as it was, and `onBack` closes the sheet. A sheet
 * closed by setting `open` to false leaves its entry (a navigation started with the closing, to
 * the confirmation say, must not be undone by a pop; React Router loads a page's code before its
 * entry is pushed); the next sheet opened over it reuses it.
 */
export function useBackCloses(open: boolean, onBack: () => boolean | void): () => void {
  const id = useId();
  const back = useEffectEvent(onBack);
  const latestOnBack = useRef(onBack);
  useLayoutEffect(() => {
    latestOnBack.current = onBack;
  });
  const current = useRef<string | null>(null);

  useEffect(() => {
    if (!open) return;
    // Each opening has its own mark: an entry left by the last opening is never taken for this one.
    const mark = `${id}:${++openings}`;
    current.current = mark;
    const push = () => {
      const state: unknown = window.history.state;
      const base = state && typeof state === 'object' ? state : {};
      const sheets = sheetsOf(state);
      const top = sheets.at(-1);
      if (top !== undefined && left.has(top)) {
        left.delete(top);
        window.history.replaceState({ ...base, [SHEETS_KEY]: [...sheets.slice(0, -1), mark] }, '');
      } else window.history.pushState({ ...base, [SHEETS_KEY]: [...sheets, mark] }, '');
    };
    push();
    let popped = false;
    const onPopState = (event: PopStateEvent) => {
      if (popped || sheetsOf(event.state).includes(mark)) return;
      popped = true;
      if (back() === false) {
        popped = false;
        push();
      }
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      if (current.current === mark) current.current = null;
      if (!popped && topSheet() === mark) left.add(mark);
    };
  }, [open, id]);

  return useCallback(() => {
    // Popping the sheet's own entry closes it (the popstate above); under another sheet, or its
    // entry gone, it closes at once.
    if (current.current !== null && topSheet() === current.current) window.history.back();
    else latestOnBack.current();
  }, []);
}
