import type { Ref } from 'react';
import type { DoorVerdict as Verdict } from '../lib/use-door-scan';
import { CheckInResultBox } from './check-in-result';

/** The latest scan's verdict, announced politely to screen readers; empty while a scan is under way. */
export function DoorVerdict({ verdict, resultRef }: { verdict: Verdict | null; resultRef: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={resultRef}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="scroll-mt-36"
      data-testid="door-result"
      data-scan={verdict?.scanId ?? ''}
    >
      {verdict ? <CheckInResultBox key={verdict.scanId} result={verdict.result} source={verdict.source} /> : null}
    </div>
  );
}
