import { createServer } from 'node:net';

/** A TCP port of 127.0.0.1 that nothing listens on now (the system picks it; it is closed again at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
