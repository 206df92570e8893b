// `npm run db:export [-- <arquivo.sql>] [-- --force]`: writes the embedded database (PGlite, in
// DATA_DIR/db) as a plain SQL dump that `psql` restores into an empty PostgreSQL, to move an
// install from the embedded database to DATABASE_URL (docs/architecture.md 'Database'). The dump is
// made by pg_dump itself, the WebAssembly build of @electric-sql/pglite-tools speaking to PGlite
// over the PostgreSQL protocol: schema, data, sequences, and the `drizzle` schema with the
// migrations already applied, so a server started on the restored database does not run them again.
// Messages are in pt-BR (whoever runs the install reads them).
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { loadConfig } from '../src/server/config';
import { startPglite } from '../src/server/db/pglite';

const DEFAULT_OUTPUT = './data/export.sql';

/**
 * pg_dump's options besides the ones pgDump always passes (`-U postgres --inserts -j 1`): no
 * owners or grants (the roles of the embedded cluster do not exist on the target server; the
 * restoring user owns everything), and up to 100 rows per INSERT so a restore takes seconds.
 */
const PG_DUMP_ARGS = ['--no-owner', '--no-privileges', '--rows-per-insert=100'];

/**
 * Settings pg_dump 18 writes that an older server refuses with ON_ERROR_STOP (PostgreSQL 15 and
 * 16 do not know transaction_timeout, added in 17); a restore does not need them.
 */
const NEWER_SERVER_SETTINGS = /^SET transaction_timeout = 0;\r?\n/gm;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '--force');
if (unknown.length > 0) fail(`Opção desconhecida: ${unknown.join(' ')}. Uso: npm run db:export -- [arquivo.sql] [--force]`);
const output = resolve(args.find((arg) => !arg.startsWith('-')) ?? DEFAULT_OUTPUT);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail((error as Error).message);
}
if (config.DATABASE_URL) {
  fail(
    'DATABASE_URL está definida: este servidor já usa um PostgreSQL, não o banco embutido. ' +
      'Para copiá-lo, use o pg_dump do próprio PostgreSQL (ou rode sem DATABASE_URL para exportar o banco embutido).',
  );
}
const dir = resolve(config.DATA_DIR, 'db');
if (!existsSync(join(dir, 'PG_VERSION'))) {
  fail(`Não há banco embutido em ${dir}. Confira DATA_DIR (atual: ${config.DATA_DIR}).`);
}
// PGlite writes postmaster.pid while a process has the database open and removes it on close;
// two processes on one data folder corrupt it, and a copy taken while the server writes is not
// consistent. A file left by a server that was killed (kill -9, power loss) looks the same: then
// --force opens the database anyway (PGlite recovers it from its log first).
if (existsSync(join(dir, 'postmaster.pid')) && !force) {
  fail(
    `O banco em ${dir} está aberto por um servidor em execução (existe ${join(dir, 'postmaster.pid')}).\n` +
      'Pare o servidor (Ctrl+C ou SIGTERM) e rode de novo: exportar com o servidor no ar pode corromper o banco ' +
      'e deixaria de fora o que for gravado depois.\n' +
      'Se nenhum servidor está rodando (ele foi encerrado à força), rode com --force: npm run db:export -- --force',
  );
}

/** A reason to stop found with the database open: told once it is closed. */
class Refusal extends Error {}

let refusal: string | null = null;
const started = performance.now();
const pg = await startPglite(dir);
try {
  const [{ applied }] = (
    await pg.query<{ applied: number }>(
      `SELECT CASE WHEN to_regclass('drizzle.__drizzle_migrations') IS NULL THEN 0
              ELSE (SELECT count(*)::int FROM drizzle.__drizzle_migrations) END AS applied`,
    )
  ).rows;
  if (applied === 0) {
    throw new Refusal(`O banco em ${dir} não tem migrações aplicadas: inicie o servidor uma vez (npm start) antes de exportar.`);
  }
  const dump = await pgDump({ pg, args: PG_DUMP_ARGS });
  const text = (await dump.text()).replace(NEWER_SERVER_SETTINGS, '');
  mkdirSync(dirname(output), { recursive: true });
  // Whole or not at all: a dump cut short must not look like a finished one.
  const partial = `${output}.${process.pid}.partial`;
  writeFileSync(partial, text, { mode: 0o600 });
  renameSync(partial, output);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const size = (statSync(output).size / 1024 / 1024).toFixed(1);
  console.log(
    `Banco embutido exportado para ${output} (${size} MB, ${applied} migrações, ${seconds} s).\n` +
      'Para levá-lo a um PostgreSQL vazio:\n' +
      '  createdb nextlevel\n' +
      `  psql -v ON_ERROR_STOP=1 -d nextlevel -f ${output}\n` +
      '  DATABASE_URL=postgres://usuario@servidor:5432/nextlevel npm start   (com o mesmo DATA_DIR: chaves e imagens ficam nele)',
  );
} catch (error) {
  if (!(error instanceof Refusal)) throw error;
  refusal = error.message;
} finally {
  await pg.close();
}
if (refusal) fail(refusal);
