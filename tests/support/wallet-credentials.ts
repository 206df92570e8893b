import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Throwaway wallet credentials made for a test: a CA standing in for Apple's WWDR, a pass certificate it signed, and a Google service account key. */
export interface TestWalletCredentials {
  dir: string;
  /** Path of the CA certificate (PEM), to verify the pass's signature against. */
  caPath: string;
  /** The server's env for both wallets. */
  env: Record<string, string>;
  /** The Google service account's public key (PEM), to verify the save link's JWT. */
  googlePublicKey: string;
  passTypeId: string;
  issuerId: string;
}

/** Makes the credentials with the openssl CLI (the Apple side) and node:crypto (the Google side). */
export function makeWalletCredentials(): TestWalletCredentials {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-creds-'));
  const at = (name: string) => join(dir, name);
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test WWDR CA']);
  run([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'pass.key',
    '-out',
    'pass.csr',
    '-subj',
    '/CN=Pass Type ID: pass.br.test.ingressos/OU=TESTTEAM01',
  ]);
  run(['x509', '-req', '-in', 'pass.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'pass.pem', '-days', '2']);
  const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const saKey = {
    type: 'service_account',
    client_email: 'wallet@test-project.iam.gserviceaccount.com',
    private_key_id: 'test-key-1',
    private_key: google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  writeFileSync(at('sa.json'), JSON.stringify(saKey));
  const passTypeId = 'pass.br.test.ingressos';
  const issuerId = '3388000000012345678';
  return {
    dir,
    caPath: at('ca.pem'),
    passTypeId,
    issuerId,
    googlePublicKey: google.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    env: {
      APPLE_PASS_TYPE_ID: passTypeId,
      APPLE_TEAM_ID: 'TESTTEAM01',
      APPLE_PASS_CERT: at('pass.pem'),
      APPLE_PASS_KEY: readFileSync(at('pass.key'), 'utf8'),
      APPLE_WWDR_CERT: at('ca.pem'),
      GOOGLE_WALLET_ISSUER_ID: issuerId,
      GOOGLE_WALLET_SA_KEY: at('sa.json'),
      PUBLIC_URL: 'https://ingressos.test',
    },
  };
}
