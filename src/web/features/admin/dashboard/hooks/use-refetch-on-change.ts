import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Calls `refetch` when `value` changes from one known value to another for the same `source` (not
 * on its first value, nor while it is null, nor when `source` itself changes): at once, then at
 * most once per `everyMs` while changes keep coming, the last change always followed by a call.
 * For figures the server sums (the dashboard's total check-ins) that a live stream only announces
 * (docs/architecture.md 'Live updates'): read again when told, never on a timer.
 */
export function useRefetchOnChange(source: string, value: string | null, refetch: () => void, everyMs = 2000) {
  const last = useRef<{ source: string; value: string } | null>(null);
  const lastCallAt = useRef(-Infinity);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const call = useEffectEvent(() => {
    lastCallAt.current = performance.now();
    timer.current = null;
    refetch();
  });
  useEffect(() => {
    if (value === null) return;
    const before = last.current;
    last.current = { source, value };
    if (!before || before.source !== source || before.value === value || timer.current) return;
    const wait = lastCallAt.current + everyMs - performance.now();
    if (wait <= 0) call();
    else timer.current = setTimeout(call, wait);
  }, [source, value, everyMs]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}
