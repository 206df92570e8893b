import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (docs/rules/operations.md 'Metrics'): prom-client's default set,
 * `process_*` (CPU, memory, open files) and `nodejs_*` (event loop lag `nodejs_eventloop_lag_*`,
 * heap, garbage collection, active handles). Made once per process on first use and shared by
 * every app the process builds (tests build many), since they describe the process, not an app:
 * collecting them twice would start a second event-loop monitor and garbage-collection observer.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
