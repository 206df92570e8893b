import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { preparePgliteTemplate, startPglite } from './pglite';

describe('startPglite', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'nl-pglite-')), 'db');
  afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('starts a new data folder from the kept initdb result, and an existing one with its data as it was', async () => {
    const template = await preparePgliteTemplate();
    expect(existsSync(template)).toBe(true);

    const first = await startPglite(dir);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    await first.exec(`CREATE TABLE kept (n int); INSERT INTO kept VALUES (42);`);
    expect((await first.query<{ setting: string }>(`SELECT setting FROM pg_settings WHERE name = 'shared_buffers'`)).rows[0].setting).toBe(
      '2048',
    );
    await first.close();

    const again = await startPglite(dir);
    expect((await again.query<{ n: number }>('SELECT n FROM kept')).rows).toEqual([{ n: 42 }]);
    await again.close();
  }, 60_000);

  it('starts an in-memory database from it too', async () => {
    const db = await startPglite('memory://pglite-test');
    expect((await db.query<{ tables: number }>(`SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'`)).rows).toEqual([
      { tables: 0 },
    ]);
    await db.close();
  }, 60_000);
});
