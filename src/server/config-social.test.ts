import { describe, expect, it } from 'vitest';
import { loadConfig, socialProviderSettings } from './config';

/** The message loadConfig throws for `env`, or null when it accepts it. */
function refusal(env: Record<string, string>): string | null {
  try {
    loadConfig(env);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('sign-in providers in the configuration', () => {
  it('turns none on without keys, and an empty value counts as absent', () => {
    expect(socialProviderSettings(loadConfig({}))).toEqual({});
    expect(socialProviderSettings(loadConfig({ GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' }))).toEqual({});
  });

  it("turns on each provider whose id and secret are set, Google read from Google's discovery unless told otherwise", () => {
    const settings = socialProviderSettings(
      loadConfig({
        GOOGLE_CLIENT_ID: '123.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'GOCSPX-abc',
        APPLE_CLIENT_ID: 'br.com.nextlevel.web',
        APPLE_CLIENT_SECRET: 'eyJhbGciOiJFUzI1NiJ9.e30.sig',
      }),
    );
    expect(settings).toEqual({
      google: {
        clientId: '123.apps.googleusercontent.com',
        clientSecret: 'GOCSPX-abc',
        discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
      },
      apple: { clientId: 'br.com.nextlevel.web', clientSecret: 'eyJhbGciOiJFUzI1NiJ9.e30.sig', appBundleIdentifier: undefined },
    });
    expect(
      socialProviderSettings(
        loadConfig({
          FACEBOOK_CLIENT_ID: '987654321',
          FACEBOOK_CLIENT_SECRET: 'abc',
          GOOGLE_CLIENT_ID: 'x',
          GOOGLE_CLIENT_SECRET: 'y',
          GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:9000/.well-known/openid-configuration',
        }),
      ),
    ).toMatchObject({
      facebook: { clientId: '987654321', clientSecret: 'abc' },
      google: { discoveryUrl: 'http://127.0.0.1:9000/.well-known/openid-configuration' },
    });
  });

  it('refuses an id without its secret, or a secret without its id, naming the missing one', () => {
    expect(refusal({ GOOGLE_CLIENT_ID: '123.apps.googleusercontent.com' })).toContain(
      'GOOGLE_CLIENT_SECRET: ausente, mas GOOGLE_CLIENT_ID está definida: defina as duas ou nenhuma',
    );
    expect(refusal({ FACEBOOK_CLIENT_SECRET: 'abc' })).toContain('FACEBOOK_CLIENT_ID: ausente, mas FACEBOOK_CLIENT_SECRET está definida');
    expect(refusal({ APPLE_CLIENT_ID: 'br.com.nextlevel.web' })).toContain('APPLE_CLIENT_SECRET: ausente');
    expect(refusal({ GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'y', GOOGLE_DISCOVERY_URL: 'não é um endereço' })).toContain(
      'GOOGLE_DISCOVERY_URL',
    );
  });
});
