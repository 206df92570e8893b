import { useCallback, useRef, useState } from 'react';

/**
 * One run at a time of an action a person taps ('Pagar', 'Transferir', 'Liberar entrada'): `run`
 * starts `task` unless one is under way, in which case it does nothing and answers undefined, so a
 * double tap sends one request and shows one toast. The guard is a ref, set in the same tick as
 * the tap, not state a render later; `isRunning` is for the button's disabled look.
 */
export function useSingleFlight() {
  const running = useRef(false);
  const [isRunning, setRunning] = useState(false);
  const run = useCallback(async <T>(task: () => Promise<T> | T): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setRunning(true);
    try {
      return await task();
    } finally {
      running.current = false;
      setRunning(false);
    }
  }, []);
  return { run, isRunning };
}
