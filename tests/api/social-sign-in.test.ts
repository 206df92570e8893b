import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import { accounts, profiles, users } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';

// Sign-in with Google against a real OpenID Connect server on this machine (oauth2-mock-server:
// discovery, signed ID tokens, PKCE, nonce), through the same better-auth endpoints the web uses.

let google: OAuth2Server;
let server: TestServer;
/** The person the local provider signs in next: the claims of its next ID token. */
let person: { sub: string; email: string; name: string; email_verified: boolean };

beforeAll(async () => {
  google = new OAuth2Server();
  await google.issuer.keys.generate('RS256');
  await google.start(0, '127.0.0.1');
  google.service.on(Events.BeforeTokenSigning, (token) => {
    // Only the ID token (it has an audience: the client id); the access token stays as it is.
    if (token.payload.aud === 'next-level-web') Object.assign(token.payload, person);
  });
  server = await startTestServer({
    env: {
      GOOGLE_CLIENT_ID: 'next-level-web',
      GOOGLE_CLIENT_SECRET: 'segredo-do-cliente',
      GOOGLE_DISCOVERY_URL: `${google.issuer.url}/.well-known/openid-configuration`,
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await google?.stop();
});

function cookiesOf(setCookie: string | string[] | undefined): string[] {
  return (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((c) => c.split(';')[0]);
}

/**
 * The whole round trip: asks better-auth for Google's page, lets the provider answer (it signs in at
 * once), and brings the answer back to the callback with the browser's cookies. Returns the
 * callback's redirect and the session cookie it set, if any.
 */
async function signInWithGoogle(callbackURL: string) {
  const started = await server.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: server.origin, 'content-type': 'application/json' },
    payload: { provider: 'google', callbackURL, errorCallbackURL: '/auth' },
  });
  expect(started.statusCode).toBe(200);
  const authorizeUrl = new URL(started.json().url as string);
  expect(authorizeUrl.origin).toBe(google.issuer.url);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();
  const jar = cookiesOf(started.headers['set-cookie']);

  const answered = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(answered.status).toBe(302);
  const back = new URL(answered.headers.get('location')!);
  expect(back.pathname).toBe('/api/auth/callback/google');

  const callback = await server.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie: jar.join('; ') } });
  expect(callback.statusCode).toBe(302);
  const session = cookiesOf(callback.headers['set-cookie']).filter((c) => c.includes('session_token=') && !c.endsWith('='));
  return { location: callback.headers.location as string, cookie: session.join('; ') };
}

describe('sign-in with Google', () => {
  it('is offered by /api/config only when its keys are set', async () => {
    const config = await server.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().socialProviders).toEqual(['google']);
    const plain = await startTestServer();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/config' })).json().socialProviders).toEqual([]);
      const refused = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: { origin: plain.origin, 'content-type': 'application/json' },
        payload: { provider: 'google', callbackURL: '/' },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Este meio de entrada não está disponível.');
    } finally {
      await plain.stop();
    }
  });

  it('creates the account from the ID token, confirmed, with its profile and role, and returns to the purchase', async () => {
    person = {
      sub: `g-${randomUUID()}`,
      email: `google-${randomUUID().slice(0, 8)}@exemplo.com.br`,
      name: 'Beatriz Nunes Rocha',
      email_verified: true,
    };
    const { location, cookie } = await signInWithGoogle('/event/abc?comprar=1');
    expect(location).toBe('/event/abc?comprar=1');
    expect(cookie).not.toBe('');

    const me = (await server.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    expect(me.user).toMatchObject({ email: person.email, name: person.name, emailVerified: true });
    expect(me.roles).toEqual(['user']);
    const [profile] = await server.deps.db.select().from(profiles).where(eq(profiles.id, me.user.id));
    expect(profile.fullName).toBe('Beatriz Nunes Rocha');
    const [account] = await server.deps.db.select().from(accounts).where(eq(accounts.userId, me.user.id));
    expect(account).toMatchObject({ providerId: 'google', accountId: person.sub, password: null });

    // The same Google account again: the same user, no second one.
    const again = await signInWithGoogle('/tickets');
    expect(again.location).toBe('/tickets');
    const meAgain = (await server.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: again.cookie } })).json();
    expect(meAgain.user.id).toBe(me.user.id);
    expect(await server.deps.db.select().from(users).where(eq(users.email, person.email))).toHaveLength(1);
  });

  it('joins a confirmed account of the same e-mail, and refuses to join one whose e-mail is not confirmed', async () => {
    const confirmed = await server.signUpAs(['user'], `confirmada-${randomUUID().slice(0, 8)}@exemplo.com.br`);
    person = { sub: `g-${randomUUID()}`, email: confirmed.email, name: 'Outro Nome', email_verified: true };
    const joined = await signInWithGoogle('/');
    const me = (await server.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: joined.cookie } })).json();
    expect(me.user.id).toBe(confirmed.userId);
    expect(
      (await server.deps.db.select().from(accounts).where(eq(accounts.userId, confirmed.userId))).map((a) => a.providerId).sort(),
    ).toEqual(['credential', 'google']);

    // Someone created an account with this address and never proved it: Google does not walk in.
    const email = `nao-confirmada-${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const signUp = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: server.origin, 'content-type': 'application/json' },
      payload: { email, password: 'senha-forte-123', name: 'Quem Digitou', acceptTerms: true },
    });
    expect(signUp.statusCode).toBe(200);
    person = { sub: `g-${randomUUID()}`, email, name: 'Dona do E-mail', email_verified: true };
    const refused = await signInWithGoogle('/');
    expect(refused.cookie).toBe('');
    expect(new URL(refused.location, server.origin).pathname).toBe('/auth');
    expect(new URL(refused.location, server.origin).searchParams.get('error')).toBe('account_not_linked');
    const [owner] = await server.deps.db.select().from(users).where(eq(users.email, email));
    expect((await server.deps.db.select().from(accounts).where(eq(accounts.userId, owner.id))).map((a) => a.providerId)).toEqual([
      'credential',
    ]);
  });

  it('refuses an ID token whose claims were changed after the provider signed it', async () => {
    person = {
      sub: `g-${randomUUID()}`,
      email: `verdadeira-${randomUUID().slice(0, 8)}@exemplo.com.br`,
      name: 'Verdadeira',
      email_verified: true,
    };
    const forgedEmail = `forjada-${randomUUID().slice(0, 8)}@exemplo.com.br`;
    google.service.once(Events.BeforeResponse, (response) => {
      const body = response.body as { id_token?: string };
      const [header, payload, signature] = body.id_token!.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      body.id_token = [header, Buffer.from(JSON.stringify({ ...claims, email: forgedEmail })).toString('base64url'), signature].join('.');
    });
    const refused = await signInWithGoogle('/');
    expect(refused.cookie).toBe('');
    expect(new URL(refused.location, server.origin).pathname).toBe('/auth');
    expect(await server.deps.db.select().from(users).where(eq(users.email, forgedEmail))).toHaveLength(0);
    expect(await server.deps.db.select().from(users).where(eq(users.email, person.email))).toHaveLength(0);
  });
});

describe('sign-in with Facebook and Apple', () => {
  it("are offered when their keys are set, open the provider's page, and take Apple's form posted back from its site", async () => {
    const both = await startTestServer({
      env: {
        FACEBOOK_CLIENT_ID: '987654321',
        FACEBOOK_CLIENT_SECRET: 'segredo-facebook',
        APPLE_CLIENT_ID: 'br.com.nextlevel.web',
        APPLE_CLIENT_SECRET: 'a.b.c',
      },
    });
    try {
      expect((await both.app.inject({ method: 'GET', url: '/api/config' })).json().socialProviders).toEqual(['facebook', 'apple']);
      for (const [provider, host] of [
        ['facebook', 'www.facebook.com'],
        ['apple', 'appleid.apple.com'],
      ]) {
        const started = await both.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/social',
          headers: { origin: both.origin, 'content-type': 'application/json' },
          payload: { provider, callbackURL: '/tickets' },
        });
        expect(started.statusCode).toBe(200);
        const page = new URL(started.json().url as string);
        expect(page.host).toBe(host);
        expect(page.searchParams.get('redirect_uri')).toBe(`${both.origin}/api/auth/callback/${provider}`);
      }
      // Apple answers with a form posted from its own site: it goes on as a GET of the same callback.
      const posted = await both.app.inject({
        method: 'POST',
        url: '/api/auth/callback/apple',
        headers: {
          origin: 'https://appleid.apple.com',
          'sec-fetch-site': 'cross-site',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'code=codigo-da-apple&state=estado-do-pedido',
      });
      expect(posted.statusCode).toBe(302);
      const next = new URL(posted.headers.location as string);
      expect(next.pathname).toBe('/api/auth/callback/apple');
      expect(Object.fromEntries(next.searchParams)).toEqual({ code: 'codigo-da-apple', state: 'estado-do-pedido' });
      // Any other auth path still refuses a post from another site.
      const other = await both.app.inject({
        method: 'POST',
        url: '/api/auth/callback/facebook',
        headers: {
          origin: 'https://appleid.apple.com',
          'sec-fetch-site': 'cross-site',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'code=x&state=y',
      });
      expect(other.statusCode).toBe(403);
    } finally {
      await both.stop();
    }
  });
});
