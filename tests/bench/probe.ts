import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { startTestServer } from '../support/test-server';
type X = { a: number };
if (isMainThread) {
  process.env.TEST_DB = 'postgres';
  const w = new Worker(new URL(import.meta.url));
  w.on('message', (m) => console.log('worker said', m));
  w.on('error', (e) => console.log('worker error', e));
  const s = await startTestServer({ poolSize: 30 });
  let t = performance.now();
  const users = [];
  for (let i = 0; i < 4; i++) {
    const batch = await Promise.all(Array.from({ length: 40 }, () => s.signUpAs()));
    users.push(...batch);
  }
  console.log('160 signups ms', performance.now() - t);
  await s.stop();
} else {
  const x: X = { a: 1 };
  parentPort!.postMessage(x);
}
