// What the tests need from the machine, set up when missing, so `npm test` is the whole set-up
// on a fresh Debian machine of the kind the README names: Debian's Chromium for the browser
// journeys (installed with apt-get when /usr/bin/chromium is missing and we are root or may sudo
// without a password; no browser is ever downloaded from elsewhere), Debian's HAProxy for the
// cluster test (the same way, when `haproxy` is missing), and the local PostgreSQL
// started when it is installed but not answering. Where it cannot, it says why and what to run.
// Exits 0 when the machine is ready, 1 otherwise.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Runs a command quietly; true when it exits 0. */
function ok(command, args, options = {}) {
  return spawnSync(command, args, { stdio: 'ignore', ...options }).status === 0;
}

/** apt-get as root, or through `sudo -n` (no password prompt); null when neither may run it. */
function aptRunner() {
  if (process.getuid?.() === 0) return (args) => ok('apt-get', args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (ok('sudo', ['-n', 'true'])) return (args) => ok('sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]);
  return null;
}

let ready = true;

if (!existsSync(chromium)) {
  const apt = aptRunner();
  if (!apt) {
    console.error(
      `Chromium não encontrado em ${chromium}, e sem permissão para instalá-lo: rode "sudo apt-get install chromium" (ou aponte CHROMIUM_PATH para um Chromium instalado).`,
    );
    ready = false;
  } else {
    console.log('Instalando o Chromium do Debian (apt-get install chromium)...');
    if (!(apt(['update', '-qq']) && apt(['install', '-y', '-qq', 'chromium']) && existsSync(chromium))) {
      console.error('Não foi possível instalar o Chromium com apt-get: rode "sudo apt-get install chromium" e veja a mensagem do apt.');
      ready = false;
    }
  }
}

// Debian's HAProxy, the load balancer in front of the server instances of `npm run test:cluster`
// (tests/cluster/run.ts), installed the same way when missing.
if (!ok('haproxy', ['-v'])) {
  const apt = aptRunner();
  if (!apt) {
    console.error(
      'HAProxy não encontrado, e sem permissão para instalá-lo: rode "sudo apt-get install haproxy" (o teste de cluster precisa dele).',
    );
    ready = false;
  } else {
    console.log('Instalando o HAProxy do Debian (apt-get install haproxy)...');
    if (!(apt(['update', '-qq']) && apt(['install', '-y', '-qq', 'haproxy']) && ok('haproxy', ['-v']))) {
      console.error('Não foi possível instalar o HAProxy com apt-get: rode "sudo apt-get install haproxy" e veja a mensagem do apt.');
      ready = false;
    }
  }
}

if (!ok('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q'])) {
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
  if (versions.length > 0) {
    try {
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0], 'main', 'start'], { stdio: 'ignore' });
    } catch {
      // Checked below.
    }
  }
  if (!ok('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q'])) {
    console.error(
      'O PostgreSQL local não responde em 127.0.0.1:5432 (usuário postgres, sem senha): os testes de API e as jornadas precisam dele.',
    );
    ready = false;
  }
}

process.exit(ready ? 0 : 1);
