import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { count, countDistinct, like, sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config';
import { queryRows } from '../../src/server/db/client';
import { events, users } from '../../src/server/db/schema';
import { createServer, type Server } from '../../src/server/server';
import { createPostgresDatabase } from '../support/test-server';

const migrationFiles = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')).entries.length;

describe.skipIf(process.env.TEST_DB !== 'postgres')('two instances starting at once on one empty PostgreSQL database', () => {
  const servers: Server[] = [];
  const dataDirs: string[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('both start: one migrates and seeds the demo data, the other finds it done', async () => {
    database = await createPostgresDatabase();
    const start = () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'nl-together-'));
      dataDirs.push(dataDir);
      const config = loadConfig({ DATABASE_URL: database!.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '3999' });
      return createServer({ config, logger: pino({ level: 'silent' }), serveWeb: false, runWorker: false, rateLimit: false });
    };
    const started = await Promise.allSettled([start(), start()]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);

    expect(servers.map((s) => s.createdAccounts.length).sort()).toEqual([0, 3]);
    const { db } = servers[0].deps;
    const [demo] = await db.select({ value: count() }).from(users).where(like(users.email, '%@nextlevel.demo'));
    expect(demo.value).toBe(3);
    const [catalogue] = await db.select({ all: count(), titles: countDistinct(events.title) }).from(events);
    expect(catalogue.all).toBeGreaterThan(0);
    expect(catalogue.all).toBe(catalogue.titles);
    const applied = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    expect(applied[0].n).toBe(migrationFiles);
  });
});
