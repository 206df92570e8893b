import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config';
import { projectRoot } from '../../paths';

/** The Apple Wallet credentials, read once: PEM text of the pass certificate, its key and Apple's WWDR certificate. */
export interface AppleWalletCredentials {
  passTypeId: string;
  teamId: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
  /** `<PUBLIC_URL>/api/wallet/apple`, where devices ask for updates; absent without PUBLIC_URL. */
  webServiceUrl?: string;
}

/** The Google Wallet credentials: the issuer and the service account's e-mail and RSA private key (PEM). */
export interface GoogleWalletCredentials {
  issuerId: string;
  serviceAccountEmail: string;
  privateKey: string;
  /** The key's id (`private_key_id`), named in the JWT's header. */
  keyId?: string;
}

/** Both wallets' credentials; a wallet absent is not offered (docs/rules/tickets.md 'Wallet passes'). */
export interface WalletSettings {
  apple?: AppleWalletCredentials;
  google?: GoogleWalletCredentials;
  organizationName: string;
  /** The site's address (PUBLIC_URL, else the server's own), without a trailing slash. */
  publicUrl: string;
}

/** PEM or JSON given inline, or read from the file it names. */
function inlineOrFile(value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('-----BEGIN') || trimmed.startsWith('{')) return trimmed;
  return readFileSync(trimmed, 'utf8');
}

/**
 * The wallets' settings from the server's configuration (APPLE_PASS_TYPE_ID, APPLE_TEAM_ID,
 * APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_PASS_KEY_PASSPHRASE, APPLE_WWDR_CERT;
 * GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_SA_KEY): Apple only with all five required, Google only
 * with both. Throws (stopping the server at start) when a file named cannot be read or the
 * service account key is not its JSON with `client_email` and `private_key`.
 */
export function readWalletSettings(config: Config, publicUrl: string): WalletSettings {
  const base = (config.PUBLIC_URL ?? publicUrl).replace(/\/+$/, '');
  const settings: WalletSettings = { organizationName: config.COMPANY_NAME, publicUrl: base };
  const { APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT } = config;
  if (APPLE_PASS_TYPE_ID && APPLE_TEAM_ID && APPLE_PASS_CERT && APPLE_PASS_KEY && APPLE_WWDR_CERT) {
    settings.apple = {
      passTypeId: APPLE_PASS_TYPE_ID,
      teamId: APPLE_TEAM_ID,
      signerCert: inlineOrFile(APPLE_PASS_CERT),
      signerKey: inlineOrFile(APPLE_PASS_KEY),
      ...(config.APPLE_PASS_KEY_PASSPHRASE ? { signerKeyPassphrase: config.APPLE_PASS_KEY_PASSPHRASE } : {}),
      wwdr: inlineOrFile(APPLE_WWDR_CERT),
      // Apple's devices call the web service over HTTPS only.
      ...(config.PUBLIC_URL?.startsWith('https://') ? { webServiceUrl: `${base}/api/wallet/apple` } : {}),
    };
  }
  if (config.GOOGLE_WALLET_ISSUER_ID && config.GOOGLE_WALLET_SA_KEY) {
    const key = JSON.parse(inlineOrFile(config.GOOGLE_WALLET_SA_KEY)) as {
      client_email?: string;
      private_key?: string;
      private_key_id?: string;
    };
    if (!key.client_email || !key.private_key) {
      throw new Error(
        'GOOGLE_WALLET_SA_KEY: a chave da conta de serviço precisa de client_email e private_key / needs client_email and private_key',
      );
    }
    settings.google = {
      issuerId: config.GOOGLE_WALLET_ISSUER_ID,
      serviceAccountEmail: key.client_email,
      privateKey: key.private_key,
      ...(key.private_key_id ? { keyId: key.private_key_id } : {}),
    };
  }
  return settings;
}

let iconCache: Buffer | undefined;

/** The pass's icon and logo: the site's Apple touch icon (public/icons, or the built app's copy). */
export function walletPassIcon(webDistDir: string): Buffer {
  if (iconCache) return iconCache;
  for (const path of [join(projectRoot, 'public/icons/apple-touch-icon.png'), join(webDistDir, 'icons/apple-touch-icon.png')]) {
    if (existsSync(path)) return (iconCache = readFileSync(path));
  }
  throw new Error('apple-touch-icon.png not found for the wallet pass');
}

const settingsCache = new WeakMap<Config, WalletSettings>();

/** readWalletSettings, read once per configuration (the routes of tickets and of wallets share it). */
export function walletSettingsOf(config: Config, publicUrl: string): WalletSettings {
  let settings = settingsCache.get(config);
  if (!settings) settingsCache.set(config, (settings = readWalletSettings(config, publicUrl)));
  return settings;
}
