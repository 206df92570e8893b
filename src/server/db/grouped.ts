import type { Db } from './client';

interface Waiting<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

/** The calls of one key waiting for a run, and how many runs of the key are in flight. */
interface KeyState<In, Out> {
  queue: Waiting<In, Out>[];
  inFlight: number;
}

/**
 * Shares one run (a statement, or a transaction) among the calls that arrive together. A call
 * with a key that has fewer than `maxInFlight` runs in flight (default 1) runs at once, alone;
 * calls that arrive while the key is busy wait, and the next run takes all of them (at most
 * `maxPerRun`, in arrival order). A quiet night waits for nothing; a rush turns hundreds of round
 * trips, row locks and commits into a few, without a timer. Several runs of one key in flight
 * suit work whose groups rarely touch the same rows (a door's scans); the sale keeps one.
 * `run(db, key, inputs)` must return one output per input, in the same order; each caller gets
 * its own. When a run of several inputs throws (one input's row breaks a constraint, say), each
 * of them is run again alone, so every caller gets its own answer or its own error and one bad
 * request never fails the others. Runs are kept per database (a Db handle).
 */
export function groupedRunner<In, Out>(
  run: (db: Db, key: string, inputs: In[]) => Promise<Out[]>,
  options: { maxPerRun?: number; maxInFlight?: number } = {},
) {
  const { maxPerRun = 200, maxInFlight = 1 } = options;
  const keysByDb = new WeakMap<Db, Map<string, KeyState<In, Out>>>();

  async function runGroup(db: Db, key: string, group: Waiting<In, Out>[]): Promise<void> {
    try {
      const outputs = await run(db, key, group.map((w) => w.input));
      group.forEach((w, i) => w.resolve(outputs[i]));
    } catch (error) {
      if (group.length === 1) group[0].reject(error);
      else for (const w of group) await run(db, key, [w.input]).then(([output]) => w.resolve(output), w.reject);
    }
  }

  return (db: Db, key: string, input: In): Promise<Out> =>
    new Promise<Out>((resolve, reject) => {
      let keys = keysByDb.get(db);
      if (!keys) keysByDb.set(db, (keys = new Map()));
      let state = keys.get(key);
      if (!state) keys.set(key, (state = { queue: [], inFlight: 0 }));
      if (state.inFlight >= maxInFlight) {
        state.queue.push({ input, resolve, reject });
        return;
      }
      const own = state;
      own.inFlight++;
      void (async () => {
        let group: Waiting<In, Out>[] = [{ input, resolve, reject }];
        while (group.length > 0) {
          await runGroup(db, key, group);
          group = own.queue.splice(0, maxPerRun);
        }
        own.inFlight--;
        if (own.inFlight === 0 && own.queue.length === 0) keys.delete(key);
      })();
    });
}
