import type { Db } from './client';

interface Waiting<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

/**
 * Shares one run (a statement, or a transaction) among the calls that arrive together. A call
 * with a key that no run is working on runs at once, alone; calls that arrive while a run of
 * their key is in flight wait, and the next run takes all of them (at most `maxPerRun`, in
 * arrival order). A quiet night waits for nothing; a rush turns hundreds of round trips, row
 * locks and commits into a few, without a timer. (Several runs of one key at once were measured
 * on the door rush: smaller groups, more statements, fewer scans per second.)
 * `run(db, key, inputs)` must return one output per input, in the same order; each caller gets
 * its own. When a run of several inputs throws (one input's row breaks a constraint, say), each
 * of them is run again alone, so every caller gets its own answer or its own error and one bad
 * request never fails the others. Runs are kept per database (a Db handle).
 */
export function groupedRunner<In, Out>(run: (db: Db, key: string, inputs: In[]) => Promise<Out[]>, options: { maxPerRun?: number } = {}) {
  const { maxPerRun = 200 } = options;
  const queuesByDb = new WeakMap<Db, Map<string, Waiting<In, Out>[]>>();

  async function runGroup(db: Db, key: string, group: Waiting<In, Out>[]): Promise<void> {
    try {
      const outputs = await run(
        db,
        key,
        group.map((w) => w.input),
      );
      group.forEach((w, i) => w.resolve(outputs[i]));
    } catch (error) {
      if (group.length === 1) group[0].reject(error);
      else for (const w of group) await run(db, key, [w.input]).then(([output]) => w.resolve(output), w.reject);
    }
  }

  return (db: Db, key: string, input: In): Promise<Out> =>
    new Promise<Out>((resolve, reject) => {
      let queues = queuesByDb.get(db);
      if (!queues) queuesByDb.set(db, (queues = new Map()));
      const waiting = queues.get(key);
      if (waiting) {
        waiting.push({ input, resolve, reject });
        return;
      }
      const queue: Waiting<In, Out>[] = [];
      queues.set(key, queue);
      void (async () => {
        let group: Waiting<In, Out>[] = [{ input, resolve, reject }];
        while (group.length > 0) {
          await runGroup(db, key, group);
          group = queue.splice(0, maxPerRun);
        }
        queues.delete(key);
      })();
    });
}
