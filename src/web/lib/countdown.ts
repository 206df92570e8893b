import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline` (ISO instant), ticking every second; never below 0. */
export function useCountdown(deadline: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  if (!deadline) return 0;
  return Math.max(0, new Date(deadline).getTime() - now);
}

/** '14:59' for 899 000 ms; hours only when there are any ('1:02:03'). */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours ? `${hours}:${mmss}` : mmss;
}
