import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * The push services browsers subscribe with (the host of PushSubscription.endpoint), and their
 * subdomains: Chrome, Edge, Opera and Samsung Internet (Firebase Cloud Messaging), Firefox
 * (Mozilla autopush), Safari on macOS and iOS (Apple Push Notification service), legacy Edge on
 * Windows (WNS). An endpoint elsewhere is no browser's: the server would be made to call an
 * address of the attacker's choice (SSRF).
 */
const PUSH_SERVICE_DOMAINS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/**
 * Why `endpoint` is not a push service the server will call, or null when it is: it must be an
 * https URL without credentials, on the default port, whose host is one of PUSH_SERVICE_DOMAINS
 * (or a subdomain), unless its origin is one of `trustedOrigins` (a self-hosted push service the
 * operator configured, PUSH_TRUSTED_ORIGINS). The addresses the host resolves to are checked when
 * the server connects (publicOnlyLookup).
 */
export function pushEndpointProblem(endpoint: string, trustedOrigins: readonly string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (trustedOrigins.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'not https';
  if (url.username || url.password) return 'credentials in the URL';
  if (url.port !== '') return 'not the default port';
  const host = url.hostname.toLowerCase();
  if (!PUSH_SERVICE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`))) return 'not a known push service';
  return null;
}

/** True for an address on the public internet: not loopback, private, link-local, unique-local, multicast, reserved... */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for an http(s) Agent that resolves as node:dns does and refuses (ECONNREFUSED-like
 * error) any answer that is not a public address, so a name that resolves to 127.0.0.1,
 * 169.254.169.254 or 10.0.0.1 (at the time of the call, not only when it was saved) is never
 * connected to.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, [] as LookupAddress[]);
    const list = addresses as LookupAddress[];
    const refused = list.find((a) => !isPublicAddress(a.address));
    if (refused || list.length === 0) {
      const blocked = Object.assign(
        new Error(`push endpoint ${hostname} resolves to a non-public address (${refused?.address ?? 'none'})`),
        { code: 'ENOTPUBLIC' },
      );
      return callback(blocked, [] as LookupAddress[]);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}
