import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { groupedRunner } from './grouped';

/** A run that the test finishes by hand, recording what each run was given. */
function controlledRun() {
  const runs: { key: string; inputs: number[]; finish: (error?: Error) => void }[] = [];
  const run = (_db: Db, key: string, inputs: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      runs.push({ key, inputs, finish: (error) => (error ? reject(error) : resolve(inputs.map((n) => `${key}:${n}`))) });
    });
  return { runs, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const db = {} as Db;

describe('groupedRunner', () => {
  it('runs a lone call at once and gives each caller its own output', async () => {
    const { runs, run } = controlledRun();
    const call = groupedRunner(run);
    const first = call(db, 'a', 1);
    expect(runs.map((r) => r.inputs)).toEqual([[1]]);
    runs[0].finish();
    expect(await first).toBe('a:1');
  });

  it('sends the calls that arrive during a run together in the next run, in arrival order', async () => {
    const { runs, run } = controlledRun();
    const call = groupedRunner(run);
    const results = [call(db, 'a', 1), call(db, 'a', 2), call(db, 'a', 3), call(db, 'a', 4)];
    expect(runs.map((r) => r.inputs)).toEqual([[1]]);
    runs[0].finish();
    await tick();
    expect(runs.map((r) => r.inputs)).toEqual([[1], [2, 3, 4]]);
    runs[1].finish();
    expect(await Promise.all(results)).toEqual(['a:1', 'a:2', 'a:3', 'a:4']);
  });

  it('takes at most maxPerRun calls in one run', async () => {
    const { runs, run } = controlledRun();
    const call = groupedRunner(run, { maxPerRun: 2 });
    const results = [1, 2, 3, 4, 5, 6].map((n) => call(db, 'a', n));
    for (let i = 0; i < 4; i++) {
      runs[i].finish();
      await tick();
    }
    expect(runs.map((r) => r.inputs)).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(await Promise.all(results)).toEqual(['a:1', 'a:2', 'a:3', 'a:4', 'a:5', 'a:6']);
  });

  it('gives an error only to the callers of the run that threw, and goes on with the next', async () => {
    const { runs, run } = controlledRun();
    const call = groupedRunner(run);
    const first = call(db, 'a', 1);
    const second = call(db, 'a', 2);
    runs[0].finish(new Error('falhou'));
    await expect(first).rejects.toThrow('falhou');
    await tick();
    runs[1].finish();
    expect(await second).toBe('a:2');
  });

  it('runs each input of a run that threw again alone, so one bad input fails only its own caller', async () => {
    const seen: number[][] = [];
    const call = groupedRunner(async (_db: Db, _key: string, inputs: number[]) => {
      seen.push(inputs);
      await tick();
      if (inputs.includes(3)) throw new Error(`falhou ${inputs.join(',')}`);
      return inputs.map((n) => n * 10);
    });
    const results = [1, 2, 3, 4].map((n) => call(db, 'a', n).catch((error: Error) => error.message));
    expect(await Promise.all(results)).toEqual([10, 20, 'falhou 3', 40]);
    expect(seen).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('runs different keys and different databases side by side', async () => {
    const { runs, run } = controlledRun();
    const call = groupedRunner(run);
    const other = {} as Db;
    const results = [call(db, 'a', 1), call(db, 'b', 2), call(other, 'a', 3)];
    expect(runs.map((r) => [r.key, r.inputs])).toEqual([
      ['a', [1]],
      ['b', [2]],
      ['a', [3]],
    ]);
    for (const r of runs) r.finish();
    expect(await Promise.all(results)).toEqual(['a:1', 'b:2', 'a:3']);
  });

  it('starts afresh after a key has gone quiet', async () => {
    const { runs, run } = controlledRun();
    const call = groupedRunner(run);
    const first = call(db, 'a', 1);
    runs[0].finish();
    await first;
    await tick();
    const later = call(db, 'a', 2);
    expect(runs.map((r) => r.inputs)).toEqual([[1], [2]]);
    runs[1].finish();
    expect(await later).toBe('a:2');
  });
});
