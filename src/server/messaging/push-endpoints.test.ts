import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicOnlyLookup, pushEndpointProblem } from './push-endpoints';

describe('pushEndpointProblem', () => {
  it('accepts the browsers’ push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-by3p.notify.windows.com/w/?token=x',
    ])
      expect(pushEndpointProblem(endpoint), endpoint).toBeNull();
  });

  it('refuses anything else: other hosts, addresses, http, ports, credentials, look-alikes', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1:5432/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/',
      'https://[::1]:22/',
      'https://localhost/',
      'https://db.internal/',
      'https://fcm.googleapis.com:8443/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://notfcm.googleapis.co/x',
      'não é url',
    ])
      expect(pushEndpointProblem(endpoint), endpoint).not.toBeNull();
  });

  it('accepts a configured trusted origin as it is', () => {
    expect(pushEndpointProblem('https://127.0.0.1:9443/push/1', ['https://127.0.0.1:9443'])).toBeNull();
    expect(pushEndpointProblem('https://127.0.0.1:9444/push/1', ['https://127.0.0.1:9443'])).not.toBeNull();
  });
});

describe('isPublicAddress', () => {
  it('is true only for public unicast addresses', () => {
    expect(isPublicAddress('142.250.79.10')).toBe(true);
    expect(isPublicAddress('2800:3f0:4001:80b::200a')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
      'x',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('publicOnlyLookup', () => {
  it('refuses a name that resolves to a loopback address', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup('localhost', {}, (e) => resolve(e)));
    expect(error?.code).toBe('ENOTPUBLIC');
  });
});
