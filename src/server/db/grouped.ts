import type { Db } from './client';

interface Waiting<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

/**
 * Shares one statement among the calls that arrive together. A call with a key that no run is
 * working on runs at once, alone; calls that arrive while a run of their key is in flight wait,
 * and the next run takes all of them (at most `maxPerRun`, in arrival order). A quiet night waits
 * for nothing; a rush turns hundreds of round trips, row locks and commits into a few, without a
 * timer. `run(db, key, inputs)` must return one output per input, in the same order; each caller
 * gets its own. When a run of several inputs throws (one input's row breaks a constraint, say),
 * each of them is run again alone, so every caller gets its own answer or its own error and one
 * bad request never fails the others. Runs are kept per database (a Db handle).
 */
export function groupedRunner<In, Out>(run: (db: Db, key: string, inputs: In[]) => Promise<Out[]>, maxPerRun = 200) {
  const runsByDb = new WeakMap<Db, Map<string, Waiting<In, Out>[]>>();
  return (db: Db, key: string, input: In): Promise<Out> =>
    new Promise<Out>((resolve, reject) => {
      let runs = runsByDb.get(db);
      if (!runs) runsByDb.set(db, (runs = new Map()));
      const waiting = runs.get(key);
      if (waiting) {
        waiting.push({ input, resolve, reject });
        return;
      }
      const queue: Waiting<In, Out>[] = [];
      runs.set(key, queue);
      void (async () => {
        let group: Waiting<In, Out>[] = [{ input, resolve, reject }];
        while (group.length > 0) {
          try {
            const outputs = await run(db, key, group.map((w) => w.input));
            group.forEach((w, i) => w.resolve(outputs[i]));
          } catch (error) {
            if (group.length === 1) group[0].reject(error);
            else for (const w of group) await run(db, key, [w.input]).then(([output]) => w.resolve(output), w.reject);
          }
          group = queue.splice(0, maxPerRun);
        }
        runs.delete(key);
      })();
    });
}
