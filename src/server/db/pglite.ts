import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { projectRoot } from '../paths';

/**
 * PGlite's page cache (shared_buffers). PostgreSQL's default, 128MB, is zeroed at every start:
 * over 100 MB of resident memory and 0.3 s, whatever the data. A sale night's hot pages (stock,
 * the orders and tickets being written, their indexes) fit in 16MB; colder pages come from the
 * operating system's file cache. PostgreSQL proper (DATABASE_URL) keeps its own setting.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

const startParams = () => [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/**
 * Where the empty cluster PGlite's initdb makes is kept (a gzipped tar of its data folder), per
 * PGlite version: build/pglite/initdb-<version>.tar.gz. initdb in WebAssembly takes 5 s or more;
 * loading its result takes under one.
 */
function pgliteTemplateFile(): string {
  const { version } = JSON.parse(readFileSync(join(projectRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  };
  return join(projectRoot, 'build', 'pglite', `initdb-${version}.tar.gz`);
}

/**
 * Starts the embedded PostgreSQL (PGlite) on the data folder `dir` (created if missing), or in
 * memory when `dir` is 'memory://...'. Resolves when it answers queries; migrations are
 * openDatabase's. Kept apart from the rest of the database code so that `npm start` can begin it
 * before the rest of the server has loaded (src/server/main.ts).
 *
 * A new database starts from the kept initdb result (pgliteTemplateFile) when there is one;
 * otherwise initdb runs and its result is kept for the next new database (the first start, or
 * `npm run build`, which makes it ahead). Throws what PGlite throws (a data folder it cannot read).
 */
export async function startPglite(dir: string): Promise<PGlite> {
  const inMemory = dir.startsWith('memory://');
  const isNew = inMemory || !existsSync(join(dir, 'PG_VERSION'));
  if (!inMemory) mkdirSync(dir, { recursive: true });
  if (!isNew) return PGlite.create(dir, { startParams: startParams() });
  const templateFile = pgliteTemplateFile();
  if (existsSync(templateFile)) {
    return PGlite.create(dir, { loadDataDir: new Blob([readFileSync(templateFile)]), startParams: startParams() });
  }
  const client = await PGlite.create(dir, { startParams: startParams() });
  try {
    await keepTemplate(client, templateFile);
  } catch {
    // A project folder the server may not write to: the next new database runs initdb again.
  }
  return client;
}

/**
 * Makes the kept initdb result if it is missing (`npm run build` calls this, so that the first
 * `npm start` does not run initdb). Returns its path.
 */
export async function preparePgliteTemplate(): Promise<string> {
  const templateFile = pgliteTemplateFile();
  if (existsSync(templateFile)) return templateFile;
  const client = await PGlite.create('memory://template', { startParams: startParams() });
  try {
    await keepTemplate(client, templateFile);
  } finally {
    await client.close();
  }
  return templateFile;
}

/** Writes a just-initialised cluster's data folder as the template, whole or not at all (write, then rename). */
async function keepTemplate(client: PGlite, templateFile: string): Promise<void> {
  const dump = await client.dumpDataDir('gzip');
  mkdirSync(dirname(templateFile), { recursive: true });
  const partial = `${templateFile}.${process.pid}.${Date.now()}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, templateFile);
}
