import { loadConfig } from './config';
import { startPglite } from './db/pglite';

const config = loadConfig();
// The embedded database starts first: its start (compiling PostgreSQL's WebAssembly, reading
// the data folder) goes on while the rest of the server loads, so a restart answers sooner.
const pglite = config.DATABASE_URL ? undefined : startPglite(`${config.DATA_DIR}/db`);
// A failure is thrown where createServer awaits it, not as an unhandled rejection meanwhile.
pglite?.catch(() => undefined);
const { createServer } = await import('./server');
const { describeDatabaseError, isConnectionError } = await import('./db/client');
let server: Awaited<ReturnType<typeof createServer>>;
try {
  server = await createServer({ config, pglite });
} catch (error) {
  const reason = config.DATABASE_URL ? databaseRefusal(error) : null;
  if (!reason) throw error;
  // One line naming the variable and the address, not a driver stack: the usual cause is a
  // PostgreSQL that is down, an address or port mistyped, or a database not created yet.
  console.error(
    `Não foi possível conectar ao PostgreSQL de DATABASE_URL / could not connect to the PostgreSQL of DATABASE_URL ` +
      `(${describeAddress(config.DATABASE_URL!)}): ${reason}`,
  );
  process.exit(1);
}
await server.app.listen({ port: config.PORT, host: config.HOST });

const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
if (server.createdAccounts.length > 0) {
  const label = {
    user: 'comprador',
    admin: 'administrador',
    validator: 'portaria',
    box_office: 'bilheteria',
    promoter: 'promoter',
  } as const;
  const lines = server.createdAccounts.map(
    (a) => `  ${label[a.roles.find((r) => r !== 'user') ?? 'user']}: ${a.email}  senha: ${a.password}`,
  );
  console.log(`\nContas de demonstração (mostradas só agora; guardadas em ${config.DATA_DIR}/demo-accounts.json):\n${lines.join('\n')}\n`);
}
console.log(`Next Level rodando em ${url} (banco: ${server.database.driver})`);

// docs/rules/operations.md 'Shutdown': the first SIGTERM or SIGINT drains and closes, within
// SHUTDOWN_GRACE_MS or exit 1 anyway; a second one (Ctrl-C twice) exits 1 at once.
let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (shuttingDown) {
      server.deps.log.warn({ signal }, 'encerrando: segundo sinal, saindo já / second signal, exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    void shutDown(signal);
  });
}

/** Drains, waits SHUTDOWN_DELAY_MS, closes, and exits 0; 1 when closing fails or outlasts SHUTDOWN_GRACE_MS. */
async function shutDown(signal: NodeJS.Signals): Promise<void> {
  const log = server.deps.log;
  const startedAt = performance.now();
  const grace = setTimeout(() => {
    log.error({ graceMs: config.SHUTDOWN_GRACE_MS }, 'encerrando: prazo esgotado, saindo mesmo assim / grace period over, exiting anyway');
    process.exit(1);
  }, config.SHUTDOWN_GRACE_MS);
  server.drain();
  log.info({ signal, delayMs: config.SHUTDOWN_DELAY_MS, graceMs: config.SHUTDOWN_GRACE_MS }, 'encerrando / draining');
  if (config.SHUTDOWN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
  try {
    await server.close();
  } catch (error) {
    log.error({ err: error }, 'encerrando: falha ao fechar / closing failed');
    process.exit(1);
  }
  clearTimeout(grace);
  log.info({ ms: Math.round(performance.now() - startedAt) }, 'encerrado / closed');
  process.exit(0);
}

/** The reason PostgreSQL could not be used at start, or null when `error` is something else. */
function databaseRefusal(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    // invalid_catalog_name (no such database), invalid_authorization_specification / invalid_password.
    if (code === '3D000' || (typeof code === 'string' && code.startsWith('28'))) return `${code} ${String(message)}`;
    current = cause;
  }
  return isConnectionError(error) ? describeDatabaseError(error) : null;
}

/** host:port/database of a connection string, without user or password. */
function describeAddress(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'endereço inválido / invalid address';
  }
}
