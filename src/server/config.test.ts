import { describe, expect, it } from 'vitest';
import { loadConfig, stripeSettings } from './config';

const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

/** The message loadConfig throws for `env`, or null when it accepts it. */
function refusal(env: Record<string, string>): string | null {
  try {
    loadConfig(env);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('loadConfig', () => {
  it('runs the sandbox when no Stripe key is set', () => {
    expect(stripeSettings(loadConfig({}))).toBeNull();
  });

  it('takes the three Stripe keys and the test API address together', () => {
    const config = loadConfig({ ...stripeKeys, STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(stripeSettings(config)).toEqual({
      secretKey: 'sk_test_51Abc',
      publishableKey: 'pk_test_51Abc',
      webhookSecret: 'whsec_abc123',
      apiUrl: 'http://127.0.0.1:12111',
    });
  });

  it('names each missing Stripe key when only some are set', () => {
    const message = refusal({ STRIPE_SECRET_KEY: 'sk_test_51Abc' });
    expect(message).toContain('STRIPE_PUBLISHABLE_KEY: ausente, mas STRIPE_SECRET_KEY está definida');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET: ausente, mas STRIPE_SECRET_KEY está definida');
    expect(message).not.toMatch(/^\s+STRIPE_SECRET_KEY:/m);
  });

  it('treats an empty value as an absent key', () => {
    expect(stripeSettings(loadConfig({ STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '' }))).toBeNull();
  });

  it('refuses each key with the wrong prefix in one message per variable', () => {
    const message = refusal({ STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_PUBLISHABLE_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'secret' })!;
    expect(message).toContain('STRIPE_SECRET_KEY: deve começar com sk_');
    expect(message).toContain('STRIPE_PUBLISHABLE_KEY: deve começar com pk_');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET: deve começar com whsec_');
  });

  it('refuses a test secret key beside a live publishable key', () => {
    expect(refusal({ ...stripeKeys, STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc' })).toContain(
      'STRIPE_PUBLISHABLE_KEY: é de produção e a chave secreta é de teste',
    );
  });

  it('refuses a Stripe API address with a path or another scheme', () => {
    expect(refusal({ ...stripeKeys, STRIPE_API_URL: 'http://127.0.0.1:12111/v1' })).toContain(
      'STRIPE_API_URL: deve ser http(s)://host:porta',
    );
    expect(refusal({ ...stripeKeys, STRIPE_API_URL: 'ftp://127.0.0.1' })).toContain('STRIPE_API_URL');
  });
});
